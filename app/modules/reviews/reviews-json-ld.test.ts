import { describe, expect, it } from 'vitest';
import { reviewsJsonLd } from './reviews-json-ld.ts';

const review = { title: 'Sterk', body: 'Kiemde <snel>.', createdAt: '2024-05-06T22:30:00.000Z', authorName: 'Anna K.', rating: 4 };
const reviewLd = {
  '@type': 'Review',
  name: 'Sterk',
  reviewBody: 'Kiemde <snel>.',
  datePublished: '2024-05-06',
  author: { '@type': 'Person', name: 'Anna K.' },
  reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
};

describe('reviewsJsonLd', () => {
  it('gives the aggregate rating (average from tenths) and the reviews shown', () => {
    expect(reviewsJsonLd({ avg10: 43, count: 12 }, [review])).toEqual({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12 },
      review: [reviewLd],
    });
  });
  it('keeps the keys in the order the pages have always emitted', () => {
    expect(JSON.stringify(reviewsJsonLd({ avg10: 50, count: 1 }, [review], { scale: true }))).toBe(
      '{"aggregateRating":{"@type":"AggregateRating","ratingValue":5,"reviewCount":1,"bestRating":5,"worstRating":1},' +
        '"review":[{"@type":"Review","name":"Sterk","reviewBody":"Kiemde <snel>.","datePublished":"2024-05-06",' +
        '"author":{"@type":"Person","name":"Anna K."},"reviewRating":{"@type":"Rating","ratingValue":4,"bestRating":5,"worstRating":1}}]}',
    );
  });
  it('leaves out the rating without reviews and the list without reviews shown', () => {
    expect(reviewsJsonLd({ avg10: 0, count: 0 }, [])).toEqual({});
    expect(reviewsJsonLd({ avg10: 0, count: 0 }, [review])).toEqual({ review: [reviewLd] });
    expect(reviewsJsonLd({ avg10: 38, count: 4 }, [])).toEqual({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.8, reviewCount: 4 } });
  });
  it('on request gives the rating scale and an empty list', () => {
    expect(reviewsJsonLd({ avg10: 38, count: 4 }, [], { scale: true, keepEmptyList: true })).toEqual({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.8, reviewCount: 4, bestRating: 5, worstRating: 1 },
      review: [],
    });
  });
});
