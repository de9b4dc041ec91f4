// The announcement forms' checks: the contract's schemas through react-hook-form's zod resolver, loaded
// on first use (lib/lazy-resolver.ts), so zod is not part of the announcements page's first screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { adminAnnouncementRequestSchema, sellerAnnouncementRequestSchema } from '@shambasoko/contracts';

export const adminAnnouncementResolver = zodResolver(adminAnnouncementRequestSchema);
export const sellerAnnouncementResolver = zodResolver(sellerAnnouncementRequestSchema);
