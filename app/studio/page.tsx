import { BookingStyles } from '@/components/booking/booking-styles';
import { Studio } from '@/components/booking/studio';
import { bookingWords, services } from '@/components/booking/page-words';
import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { booking, contact, tax } from '@/lib/content';

export const metadata = contentPageMetadata('studio');

/** The studio's bookings, signed in with a link e-mailed to a staff address (server/booking/). */
export default function StudioPage() {
  const canada = tax.schemes.flatMap((scheme) =>
    scheme.places.flatMap((place) =>
      place.country === 'CA' && place.region ? [{ code: place.region, name: place.name }] : [],
    ),
  );
  return (
    <ContentPage name="studio">
      <BookingStyles />
      <Studio
        words={booking.studio}
        bookingWords={bookingWords}
        apiBaseUrl={services.apiBaseUrl}
        prices={contact.enquiry.startingPrices}
        coverageWords={contact.enquiry.coverage}
        regions={canada}
        balanceDaysBefore={booking.schedule.balanceDaysBefore}
      />
    </ContentPage>
  );
}
