import { describe, expect, it } from 'vitest';
import { openingHours, pageTitle, sellerShareImage } from './sharing.ts';

describe('page titles (SPEC §1, issue 29)', () => {
  it('is exactly GROCERY APP when there is nothing to name', () => {
    expect(pageTitle()).toBe('GROCERY APP');
    expect(pageTitle(null, ' ')).toBe('GROCERY APP');
  });

  it('names what the page shows, most specific first, before GROCERY APP', () => {
    expect(pageTitle('Amul Fresh Paneer', 'FreshMart, Koramangala')).toBe('Amul Fresh Paneer · FreshMart, Koramangala · GROCERY APP');
  });
});

describe('opening hours as schema.org reads them', () => {
  it('turns the ONDC HHMM range into every day opens/closes', () => {
    expect(openingHours(730, 2230)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '07:30',
        closes: '22:30',
      },
    ]);
  });

  it('keeps a range past midnight as a closing time before the opening time', () => {
    expect(openingHours(1800, 200)[0]).toMatchObject({ opens: '18:00', closes: '02:00' });
  });

  it('claims no hours the seller did not send', () => {
    expect(openingHours(null, 2200)).toEqual([]);
  });
});

describe('share pictures', () => {
  it('are 1200×630 cards from our origin, or none without a seller picture', () => {
    expect(sellerShareImage('http://sellers.localhost/images/provider/store/x.svg', 'X')).toEqual({
      path: '/media/share.png?src=http://sellers.localhost/images/provider/store/x.svg',
      alt: 'X',
      width: 1200,
      height: 630,
    });
    expect(sellerShareImage(null, 'X')).toBeNull();
  });
});
