import type { Cart, CartItem, Product, ProductSummary } from '@shambasoko/shared';

export const maize: ProductSummary = {
  id: 'p-maize',
  name: 'Certified Maize Seed H614D',
  category: 'crops',
  price: 650,
  originalPrice: 750,
  discount: 13,
  location: 'Nakuru',
  seller: { id: 's1', name: 'Rift Agrovet', verified: true, rating: 4.6 },
  rating: 4.5,
  reviews: 12,
  image: '/static/products/maize.svg',
  inStock: true,
  stockQuantity: 5,
  featured: true,
  unit: 'per 2 kg bag',
};

export const maizeDetail: Product = {
  ...maize,
  images: ['/static/products/maize.svg', '/static/products/maize-2.svg'],
  description: 'High-yield hybrid maize for medium altitudes.',
  specifications: [{ label: 'Weight', value: '2 kg' }],
  delivery: { standard: { price: 350, time: '5-7 business days' }, express: { price: 700, time: '2-3 business days' } },
  seller: {
    id: 's1',
    name: 'Rift Agrovet',
    rating: 4.6,
    reviews: 40,
    verified: true,
    memberSince: '2019',
    responseTime: 'Within 2 hours',
    avatar: null,
    county: 'Nakuru',
    phone: '+254712345678',
    email: 'sales@rift.example.co.ke',
  },
  reviewsList: [],
  related: [],
};

export const cartItem = (over: Partial<CartItem> = {}): CartItem => ({
  productId: maize.id,
  name: maize.name,
  price: 650,
  quantity: 2,
  seller: 'Rift Agrovet',
  location: 'Nakuru',
  rating: 4.5,
  image: maize.image,
  inStock: true,
  stockQuantity: 5,
  ...over,
});

export const cartOf = (items: CartItem[]): Cart => ({
  items,
  itemCount: items.reduce((n, i) => n + i.quantity, 0),
  subtotal: items.reduce((n, i) => n + i.price * i.quantity, 0),
});
