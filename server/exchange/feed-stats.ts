/** What the market-data hub says of its price feed: for /readyz, /healthz and the price-feed gauge. */

export interface FeedStats {
  streamUp: boolean;
  streamBatches: number;
  streamFailures: number;
  restPolls: number;
  futuresStreamUp: boolean;
  /** ticker/price polls made for futures price listeners while the futures stream was down. */
  futuresRestPolls: number;
  /** Date.now() of the last spot price batch, streamed or polled; null before the first (GET /readyz). */
  lastPriceAt: number | null;
}

/** Where spot prices come from, as /healthz and the price-feed gauge name it: the WebSocket, REST polls while it is down, or nothing asked yet. */
export type FeedSource = 'stream' | 'rest-fallback' | 'idle';

export const FEED_SOURCES: readonly FeedSource[] = ['stream', 'rest-fallback', 'idle'];

export function feedSource(stats: Pick<FeedStats, 'streamUp' | 'restPolls'>): FeedSource {
  return stats.streamUp ? 'stream' : stats.restPolls > 0 ? 'rest-fallback' : 'idle';
}
