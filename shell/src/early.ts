// The early script: a separate entry of the shell's build, which the server links from a first
// visit's page when the page names the reads its first screen needs (scripts/page-hints.mjs). It
// runs as soon as it arrives, long before the main chunk, and sends the session refresh and those
// reads, and the page's public reads (the market's catalog, for guests too) (@shambasoko/shared/early);
// the API client takes their answers.
import { EARLY_PUBLIC_REQUESTS_ID, earlyReadsIn, startEarlyRequests } from '@shambasoko/shared/early';

startEarlyRequests(earlyReadsIn(document), undefined, earlyReadsIn(document, EARLY_PUBLIC_REQUESTS_ID));
