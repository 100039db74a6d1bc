import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent, type AgentOptions as HttpsAgentOptions } from 'node:https';
import type { Duplex } from 'node:stream';
import { normalizeAddress, OutboundRefusedError, type OutboundPolicy } from './policy.js';

// The connection-time half of the outbound policy (policy.ts): HTTP(S) agents whose every new
// connection is checked on the address it will really reach. A host name goes through `lookup`,
// which answers only when the name is listed and every address it resolves to is allowed; an
// IP-literal host never goes through lookup, so createConnection checks it itself. Whatever the
// caller's URL said, a socket opens only to an allowed address.

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net/http/tls that refuses names off the list and addresses not allowed. */
export function guardedLookup(policy: OutboundPolicy) {
  return function lookup(
    hostname: string,
    options: LookupOptions | LookupCallback,
    callback?: LookupCallback,
  ) {
    const cb = (typeof options === 'function' ? options : callback)!;
    const opts: LookupOptions = typeof options === 'function' ? {} : { ...options };
    const literal = normalizeAddress(hostname);
    if (literal) {
      if (!policy.allowsLiteral(hostname))
        return process.nextTick(() => cb(new OutboundRefusedError(hostname, 'address'), ''));
      const answer = { address: hostname.replace(/^\[(.*)\]$/, '$1'), family: literal.family };
      return process.nextTick(() =>
        opts.all ? cb(null, [answer]) : cb(null, answer.address, answer.family),
      );
    }
    if (!policy.allowsName(hostname))
      return process.nextTick(() => cb(new OutboundRefusedError(hostname, 'host'), ''));
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      if (addresses.length === 0 || addresses.some((a) => !policy.allowsResolved(a.address)))
        return cb(new OutboundRefusedError(hostname, 'address'), '');
      if (opts.all) return cb(null, addresses);
      cb(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

/** Refuses an IP-literal host before connecting (net skips `lookup` for those). */
function literalRefused(policy: OutboundPolicy, options: { host?: string | null }): Error | null {
  const host = options.host ?? 'localhost';
  if (!normalizeAddress(host)) return null;
  return policy.allowsLiteral(host) ? null : new OutboundRefusedError(host, 'address');
}

class GuardedHttpAgent extends HttpAgent {
  constructor(
    private readonly policy: OutboundPolicy,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(policy) as never });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: ConnectionCallback,
  ): Duplex | null | undefined {
    const refused = literalRefused(this.policy, options);
    if (refused) {
      process.nextTick(() => callback?.(refused, undefined as never));
      return undefined;
    }
    return (
      HttpAgent.prototype as unknown as { createConnection: (...a: unknown[]) => Duplex }
    ).createConnection.call(this, options, callback);
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  constructor(
    private readonly policy: OutboundPolicy,
    options: HttpsAgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(policy) as never });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: ConnectionCallback,
  ): Duplex | null | undefined {
    const refused = literalRefused(this.policy, options);
    if (refused) {
      process.nextTick(() => callback?.(refused, undefined as never));
      return undefined;
    }
    return (
      HttpsAgent.prototype as unknown as { createConnection: (...a: unknown[]) => Duplex }
    ).createConnection.call(this, options, callback);
  }
}

/** HTTP and HTTPS agents that connect only where the policy allows. */
export function guardedAgents(
  policy: OutboundPolicy,
  options: AgentOptions = {},
): { httpAgent: HttpAgent; httpsAgent: HttpsAgent } {
  return {
    httpAgent: new GuardedHttpAgent(policy, options),
    httpsAgent: new GuardedHttpsAgent(policy, options),
  };
}
