import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import {
  DEFAULT_OUTBOUND_HOSTS,
  isSpecialAddress,
  OutboundPolicy,
  parseOutboundHosts,
  type OutboundEntry,
} from '../../src/core/outbound/policy.js';

const policy = (text: string) => new OutboundPolicy(parseOutboundHosts(text) as OutboundEntry[]);

describe('OUTBOUND_HOSTS', () => {
  it('defaults to the vendors’ public endpoints', () => {
    const config = loadConfig({});
    expect(config.outboundHosts).toEqual(parseOutboundHosts(DEFAULT_OUTBOUND_HOSTS.join(',')));
    const p = new OutboundPolicy(config.outboundHosts);
    expect(p.checkUrl('https://oss-cn-hangzhou.aliyuncs.com')).toBeNull();
    expect(p.checkUrl('https://bucket.cos.ap-guangzhou.myqcloud.com')).toBeNull();
    expect(p.checkUrl('https://s3.us-east-1.amazonaws.com')).toBeNull();
    expect(p.checkUrl('https://aliyuncs.com')).toBe('host');
    expect(p.checkUrl('https://evil-aliyuncs.com')).toBe('host');
    expect(p.checkUrl('http://minio.internal:9000')).toBe('host');
  });

  it('reads names, wildcards, *, addresses, CIDRs and default; refuses anything else in one line', () => {
    const entries = loadConfig({
      OUTBOUND_HOSTS: 'default, Minio.Internal ,10.0.0.0/8,[fd00::1],*.corp.example',
    }).outboundHosts;
    expect(entries).toContainEqual({ kind: 'host', name: 'minio.internal' });
    expect(entries).toContainEqual({ kind: 'cidr', address: '10.0.0.0', prefix: 8, family: 4 });
    expect(entries).toContainEqual({ kind: 'cidr', address: 'fd00::1', prefix: 128, family: 6 });
    expect(entries).toContainEqual({ kind: 'wildcard', suffix: '.corp.example' });
    for (const bad of ['http://x.com', '10.0.0.0/33', '*.com.', 'a b', '*.', '**.x.com', 'x.com:9000', ',']) {
      let error: unknown;
      try {
        loadConfig({ OUTBOUND_HOSTS: bad });
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^OUTBOUND_HOSTS must be host names/);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('the outbound policy', () => {
  it('knows the special-purpose ranges, IPv4 inside IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '169.254.169.254',
      '172.31.255.255',
      '192.168.0.1',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'fd12::1',
      'fe80::1%eth0',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'ff02::1',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '47.96.1.1', '2400:3200::1', '::ffff:8.8.8.8'])
      expect(isSpecialAddress(address), address).toBe(false);
  });

  it('reads hosts as URLs do, so every spelling of loopback is refused', () => {
    const p = policy('default');
    for (const url of [
      'http://2130706433',
      'http://0x7f000001',
      'http://0x7f.1',
      'http://127.1',
      'http://017700000001',
      'http://[::ffff:127.0.0.1]',
      'http://[0:0:0:0:0:0:0:1]',
      'http://0',
    ])
      expect(p.checkUrl(url), url).toBe('address');
    expect(p.checkUrl('http://localhost')).toBe('host');
    expect(p.checkUrl('http://a.localhost')).toBe('host');
    expect(p.checkUrl('ftp://oss-cn-hangzhou.aliyuncs.com')).toBe('protocol');
    expect(p.checkUrl('https://user:pw@oss-cn-hangzhou.aliyuncs.com')).toBe('host');
  });

  it('allows a private address only when it is listed, and public literals only with *', () => {
    const p = policy('10.20.0.0/16,minio.internal');
    expect(p.checkHost('10.20.0.15')).toBeNull();
    expect(p.checkHost('10.21.0.15')).toBe('address');
    expect(p.checkHost('8.8.8.8')).toBe('host');
    expect(p.allowsResolved('10.20.0.15')).toBe(true);
    expect(p.allowsResolved('127.0.0.1')).toBe(false);
    expect(p.allowsResolved('8.8.8.8')).toBe(true);
    const any = policy('*');
    expect(any.checkHost('8.8.8.8')).toBeNull();
    expect(any.checkHost('anything.example')).toBeNull();
    expect(any.checkHost('127.0.0.1')).toBe('address');
    expect(any.checkHost('[::1]')).toBe('address');
    // IPv4-mapped entries match the IPv4 address.
    expect(policy('::ffff:10.0.0.1').checkHost('10.0.0.1')).toBeNull();
  });
});
