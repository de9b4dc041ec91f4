// The seller forms' checks: the contract's schemas through react-hook-form's zod resolver. Loaded on
// first use by each form (lib/lazy-resolver.ts), so zod is not part of a seller page's first screen.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createListingSchema,
  payoutRequestSchema,
  payoutSettingsRequestSchema,
  sellerProfileRequestSchema,
  stockAdjustmentRequestSchema,
} from '@shambasoko/contracts';

export const listingResolver = zodResolver(createListingSchema);
export const profileResolver = zodResolver(sellerProfileRequestSchema);
export const stockAdjustmentResolver = zodResolver(stockAdjustmentRequestSchema);
export const payoutRequestResolver = zodResolver(payoutRequestSchema);
export const payoutSettingsResolver = zodResolver(payoutSettingsRequestSchema);
