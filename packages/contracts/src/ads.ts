/**
 * An AdSense publisher id ("ca-pub-" and digits): checked when the setting is saved, by the server
 * before it answers GET /api/system/ga-ads, and by the client before use. No zod here: the member
 * pages import this, and zod stays out of their chunks (decision 0027).
 */
export const ADS_CLIENT_CODE_PATTERN = /^ca-pub-\d{10,20}$/;

/** The stored advertising client code, trimmed, or '' when it is empty or not a publisher id. */
export function validAdsClientCode(raw: string): string {
  const code = raw.trim();
  return ADS_CLIENT_CODE_PATTERN.test(code) ? code : '';
}
