import { BookingStyles } from '@/components/booking/booking-styles';
import { PayLink } from '@/components/booking/pay-link';
import { bookingWords, paymentWords, services } from '@/components/booking/page-words';
import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';

export const metadata = contentPageMetadata('pay');

/** An instalment's own link (/pay/#<token>), which anyone the couple forwards it to can pay. */
export default function PayPage() {
  return (
    <ContentPage name="pay">
      <BookingStyles />
      <PayLink words={bookingWords} paymentWords={paymentWords} {...services} />
    </ContentPage>
  );
}
