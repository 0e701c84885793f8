import { BookingStyles } from '@/components/booking/booking-styles';
import { Proposal } from '@/components/booking/proposal';
import { bookingWords, paymentWords, services } from '@/components/booking/page-words';
import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';

export const metadata = contentPageMetadata('proposal');

/**
 * The couple's proposal, contract and payments, from the private link the studio e-mails
 * (/proposal/#<token>). Static: the token is read in the browser, which asks the service.
 */
export default function ProposalPage() {
  return (
    <ContentPage name="proposal">
      <BookingStyles />
      <Proposal words={bookingWords} paymentWords={paymentWords} {...services} />
    </ContentPage>
  );
}
