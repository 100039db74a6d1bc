import Bowser from 'bowser';

// The browser and operating system a request's User-Agent names, as the online users page and the
// login log show them (issue 48). Parsed by bowser: maintained, MIT, no dependencies, its own types
// (ua-parser-js 2.x is AGPL, and its 1.x line is in maintenance only).

/** What a User-Agent says: `Chrome 131`, `Windows 10`; null for what it does not say. */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

/** At most this many characters of a User-Agent are read (a longer one is not a browser's). */
const READ_AT_MOST = 1000;

export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent.slice(0, READ_AT_MOST));
  return {
    browser: named(parsed.browser.name, majorOf(parsed.browser.version)),
    os: named(parsed.os.name, parsed.os.versionName ?? majorOf(parsed.os.version)),
  };
}

/** The first part of a dotted version: `131` of `131.0.6778.85`. */
function majorOf(version: string | undefined): string | undefined {
  return version?.split('.')[0] || undefined;
}

function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return (version ? `${name} ${version}` : name).slice(0, 100);
}
