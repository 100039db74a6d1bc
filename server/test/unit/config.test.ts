import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseKindOf, loadConfig, UPLOAD_TYPES_DEFAULT } from '../../src/core/config.js';
import { contentSecurityPolicy } from '../../src/core/security-headers.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The ConfigError loadConfig throws for env; fails the test when it throws nothing or something else. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('answers the documented defaults for an empty environment', () => {
    const dataDir = path.resolve('./data');
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(dataDir);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, 'console.db')}`);
    expect(config.databaseKind).toBe('sqlite');
    expect(config.redisUrl).toBeNull();
    expect(config.jwtSecret).toBeNull();
    expect(config.logLevel).toBe('info');
    expect(config.timeZone).toBe('Asia/Shanghai');
    expect(config.workerId).toBeNull();
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '   ',
      REDIS_URL: ' ',
      LOG_LEVEL: '',
      TZ: '',
      WORKER_ID: '',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.redisUrl).toBeNull();
    expect(config.logLevel).toBe('info');
    expect(config.timeZone).toBe('Asia/Shanghai');
    expect(config.workerId).toBeNull();
  });

  it('puts the default SQLite file under DATA_DIR, resolved to an absolute path', () => {
    const config = loadConfig({ DATA_DIR: 'some/dir' });
    expect(config.dataDir).toBe(path.resolve('some/dir'));
    expect(config.databaseUrl).toBe(`sqlite:${path.join(path.resolve('some/dir'), 'console.db')}`);
  });

  it('reads every variable when it is set', () => {
    const secret = 'x'.repeat(32);
    const config = loadConfig({
      PORT: ' 3000 ',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/console',
      DATABASE_URL: 'postgres://app@127.0.0.1:5432/console',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      REDIS_KEY_PREFIX: 'hospital-a:',
      JWT_SECRET: secret,
      LOG_LEVEL: 'debug',
      LOG_SLOW_MS: '250',
      TZ: 'Europe/Berlin',
      WORKER_ID: '1023',
      WEB_DIST: '/srv/console',
      DATASOURCE_HOSTS: 'db.internal, 10.0.0.0/8',
      MQTT_PORT: '1884',
      MQTT_URL: 'mqtt://console:secret@broker.internal:1883',
      MQTT_SHARE_GROUP: 'fleet',
      MQTT_HOOK_TOKEN: 'hook-0123456789abcdef',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@127.0.0.1:5432/console',
      databaseKind: 'postgres',
      redisUrl: 'rediss://cache.internal:6380/2',
      redisKeyPrefix: 'hospital-a:',
      dataDir: '/var/lib/console',
      jwtSecret: secret,
      logLevel: 'debug',
      logSlowMs: 250,
      timeZone: 'Europe/Berlin',
      workerId: 1023,
      webDist: '/srv/console',
      socialProviders: [],
      trustProxy: false,
      logRetentionDays: 90,
      uploadMaxBytes: 10 * 1024 * 1024,
      uploadTypes: UPLOAD_TYPES_DEFAULT,
      dataKey: null,
      sm2PrivateKey: null,
      smsEndpoints: {},
      frameOrigins: [],
      shutdownDrainMs: 5_000,
      sqliteSynchronous: 'full',
      outboundHosts: loadConfig({}).outboundHosts,
      datasourceHosts: [
        { kind: 'host', name: 'db.internal' },
        { kind: 'cidr', address: '10.0.0.0', prefix: 8, family: 4 },
      ],
      tenantMode: false,
      machineOfflineSeconds: 300,
      streamsPerUser: 10,
      streamsPerProcess: 10_000,
      metricsToken: null,
      apiDocsPublic: false,
      mqttPort: 1884,
      mqttUrl: 'mqtt://console:secret@broker.internal:1883',
      mqttShareGroup: 'fleet',
      mqttHookToken: 'hook-0123456789abcdef',
    });
  });

  it('serves machines over MQTT on 1883 unless told otherwise, and refuses bad MQTT settings without showing secrets', () => {
    const plain = loadConfig({});
    expect([plain.mqttPort, plain.mqttUrl, plain.mqttShareGroup, plain.mqttHookToken]).toEqual([
      1883,
      null,
      'zxgxg-console',
      null,
    ]);
    expect(loadConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
    expect(() => loadConfig({ MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ MQTT_URL: 'http://broker:1883' })).toThrow(/MQTT_URL/);
    const bad = (() => {
      try {
        loadConfig({ MQTT_URL: 'not a url, user:hunter2@' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(bad).toMatch(/^MQTT_URL/);
    expect(bad).not.toContain('hunter2');
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP/);
    expect(() => loadConfig({ MQTT_HOOK_TOKEN: 'short' })).toThrow(/MQTT_HOOK_TOKEN/);
  });

  it('reads the event streams’ limits per user and per process, and refuses a limit below 1', () => {
    const config = loadConfig({ STREAMS_PER_USER: '3', STREAMS_PER_PROCESS: '2000' });
    expect([config.streamsPerUser, config.streamsPerProcess]).toEqual([3, 2000]);
    expect(() => loadConfig({ STREAMS_PER_USER: '0' })).toThrow(/STREAMS_PER_USER/);
    expect(() => loadConfig({ STREAMS_PER_PROCESS: 'many' })).toThrow(/STREAMS_PER_PROCESS/);
  });

  it('leaves /api/metrics off unless METRICS_TOKEN is set, and refuses a short token without showing it', () => {
    expect(loadConfig({ METRICS_TOKEN: ' scrape-0123456789abcdef ' }).metricsToken).toBe(
      'scrape-0123456789abcdef',
    );
    expect(configError({ METRICS_TOKEN: 'short-token' }).message).toMatch(/^METRICS_TOKEN/);
    expect(configError({ METRICS_TOKEN: 'short-token' }).message).not.toContain('short-token');
    expect(configError({ METRICS_TOKEN: 'with a space 0123456789' }).message).toMatch(/^METRICS_TOKEN/);
  });

  it('keeps the API docs to the platform administrator unless API_DOCS_PUBLIC is true', () => {
    expect(loadConfig({}).apiDocsPublic).toBe(false);
    expect(loadConfig({ API_DOCS_PUBLIC: 'TRUE' }).apiDocsPublic).toBe(true);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'yes' })).toThrow(/API_DOCS_PUBLIC/);
  });

  it('lets data sources point nowhere unless DATASOURCE_HOSTS says, and stops on a bad entry', () => {
    expect(loadConfig({}).datasourceHosts).toEqual([]);
    expect(() => loadConfig({ DATASOURCE_HOSTS: 'db.internal, http://x' })).toThrow(/DATASOURCE_HOSTS/);
  });

  it('reads how long a silent machine counts as online, 300 s unless MACHINE_OFFLINE_SECONDS says', () => {
    expect(loadConfig({ MACHINE_OFFLINE_SECONDS: '60' }).machineOfflineSeconds).toBe(60);
    expect(() => loadConfig({ MACHINE_OFFLINE_SECONDS: '5' })).toThrow(/MACHINE_OFFLINE_SECONDS/);
  });

  it('reads the console’s tenant mode, off unless TENANT_MODE says true', () => {
    expect(loadConfig({}).tenantMode).toBe(false);
    expect(loadConfig({ TENANT_MODE: 'true' }).tenantMode).toBe(true);
    expect(loadConfig({ TENANT_MODE: 'FALSE' }).tenantMode).toBe(false);
    expect(() => loadConfig({ TENANT_MODE: 'yes' })).toThrow('TENANT_MODE must be true or false (got "yes")');
  });

  it('reads the drain delay after SIGTERM, and refuses anything but milliseconds in one line', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '15000' }).shutdownDrainMs).toBe(15_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5s' })).toThrow(
      'SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000 (got "5s")',
    );
  });

  it('reads when a request counts as slow (logged at info), 1000 ms unless LOG_SLOW_MS says', () => {
    expect(loadConfig({}).logSlowMs).toBe(1_000);
    expect(loadConfig({ LOG_SLOW_MS: '0' }).logSlowMs).toBe(0);
    expect(loadConfig({ LOG_SLOW_MS: '250' }).logSlowMs).toBe(250);
    expect(() => loadConfig({ LOG_SLOW_MS: '1s' })).toThrow(
      'LOG_SLOW_MS must be an integer from 0 to 3600000 (got "1s")',
    );
  });

  it('accepts the edges of the integer ranges', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ WORKER_ID: '0' }).workerId).toBe(0);
    expect(loadConfig({ WORKER_ID: '1023' }).workerId).toBe(1023);
  });
});

describe('databaseKind', () => {
  it.each([
    ['sqlite:/tmp/console.db', 'sqlite'],
    ['sqlite:./data/console.db', 'sqlite'],
    ['postgres://app:pw@127.0.0.1:5432/console', 'postgres'],
    ['postgresql://app@db.internal/console', 'postgres'],
    ['mysql://root@127.0.0.1:3306/console', 'mysql'],
    ['mariadb://root@127.0.0.1:3306/console', 'mysql'],
  ] as const)('%s is %s', (url, kind) => {
    expect(databaseKindOf(url)).toBe(kind);
    const config = loadConfig({ DATABASE_URL: url });
    expect(config.databaseKind).toBe(kind);
    expect(config.databaseUrl).toBe(url);
  });

  it('knows no other scheme', () => {
    expect(databaseKindOf('oracle://x')).toBeNull();
    expect(databaseKindOf('postgres:/x')).toBeNull();
    expect(databaseKindOf('mysqlx://x')).toBeNull();
    expect(databaseKindOf('SQLITE:/x')).toBeNull();
  });
});

describe('loadConfig refuses bad values with a message naming the variable and what it accepts', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535 (got "70000")'],
    [{ PORT: '65536' }, 'PORT must be an integer from 0 to 65535 (got "65536")'],
    [{ PORT: '-1' }, 'PORT must be an integer from 0 to 65535 (got "-1")'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 0 to 65535 (got "80.5")'],
    [
      { DATABASE_URL: 'oracle://x' },
      'DATABASE_URL must be sqlite:<file>, postgres://… or mysql://… (got "oracle://x")',
    ],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL must be sqlite:<file> with a file path (got "sqlite:")'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL must be a redis:// or rediss:// URL (got "http://x")'],
    [{ REDIS_URL: 'redis://' }, 'REDIS_URL must be a redis:// or rediss:// URL (got "redis://")'],
    [{ REDIS_KEY_PREFIX: 'a b' }, 'REDIS_KEY_PREFIX must be 1–64 letters, digits or _ . : - (got "a b")'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ TZ: 'Mars/Olympus' }, 'TZ must be an IANA time zone such as Asia/Shanghai (got "Mars/Olympus")'],
    [{ WORKER_ID: '1024' }, 'WORKER_ID must be an integer from 0 to 1023 (got "1024")'],
    [{ WORKER_ID: '-1' }, 'WORKER_ID must be an integer from 0 to 1023 (got "-1")'],
  ])('%o', (env, message) => {
    expect(configError(env).message).toBe(message);
  });

  it('refuses a JWT_SECRET shorter than 32 characters without echoing the secret', () => {
    const secret = 's3cr3t-'.padEnd(31, 'q');
    const error = configError({ JWT_SECRET: secret });
    expect(error.message).toBe('JWT_SECRET must be at least 32 characters (got "31 characters")');
    expect(error.message).not.toContain(secret);
    expect(loadConfig({ JWT_SECRET: secret + 'q' }).jwtSecret).toBe(secret + 'q');
  });
});

/** Runs main.ts with only `env` (and what node needs) until it exits; answers its code and output. */
async function runMain(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      // Only what node needs: inherited TZ, LOG_LEVEL … must not decide which variable is reported.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`main.ts did not exit; stderr so far: ${stderr}`));
      }, 20_000);
      child.on('error', reject);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    return { code, stdout, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('main.ts with a bad configuration', () => {
  it('exits with code 1 and one line on stderr naming the variable', async () => {
    const { code, stdout, stderr } = await runMain({ PORT: 'abc' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n');
    expect(lines).toHaveLength(2); // one line and its newline
    expect(lines[1]).toBe('');
    expect(lines[0]!.startsWith('Invalid configuration: PORT')).toBe(true);
    expect(lines[0]).toBe('Invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")');
  }, 30_000);

  it('does not write the password of a database URL it refuses (security S14)', async () => {
    const { code, stderr } = await runMain({ DATABASE_URL: 'postgres://console:hunter2@db host/console' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Invalid configuration: DATABASE_URL must be a valid URL such as postgres://user@127.0.0.1:5432/db (got "postgres://console:******@db host/console")\n',
    );
  }, 30_000);
});

describe('SOCIAL_PROVIDERS', () => {
  const provider = {
    source: 'gitea',
    authorizeUrl: 'https://git.example/login/oauth/authorize',
    tokenUrl: 'https://git.example/login/oauth/access_token',
    userInfoUrl: 'https://git.example/api/v1/user',
    clientId: 'id',
    clientSecret: 'secret',
    redirectUri: 'https://console.example/login',
  };

  it('defaults to none and reads a JSON list', () => {
    expect(loadConfig({}).socialProviders).toEqual([]);
    expect(loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([provider]) }).socialProviders).toEqual([provider]);
  });

  it('names the variable and the problem for bad lists', () => {
    expect(() => loadConfig({ SOCIAL_PROVIDERS: '{not json' })).toThrow(
      /^SOCIAL_PROVIDERS must be a JSON list/,
    );
    expect(() => loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, tokenUrl: '' }]) })).toThrow(
      /entry 0 lacks tokenUrl/,
    );
    expect(() =>
      loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, tokenUrl: 'file:///etc/passwd' }]) }),
    ).toThrow(/SOCIAL_PROVIDERS must be http\(s\) URLs/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or a hop count, or listed proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('names the variable for anything else', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/^TRUST_PROXY must be false, a hop count/);
  });
});

describe('resource and log settings (issue 7)', () => {
  it('defaults: 90 days of logs, 10 MB uploads of the listed types, generated data key, vendor SMS URLs', () => {
    const config = loadConfig({});
    expect(config.logRetentionDays).toBe(90);
    expect(config.uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(config.uploadTypes).toContain('png');
    expect(config.uploadTypes).not.toContain('svg');
    expect(config.dataKey).toBeNull();
    expect(config.smsEndpoints).toEqual({});
  });

  it('reads them when set', () => {
    const config = loadConfig({
      LOG_RETENTION_DAYS: '0',
      UPLOAD_MAX_BYTES: '512000',
      UPLOAD_TYPES: ' .PNG, jpg ,png',
      DATA_KEY: 'k'.repeat(32),
      SM2_PRIVATE_KEY: 'A1'.repeat(32),
      SMS_ENDPOINTS: '{"aliyun":"http://127.0.0.1:9000/"}',
    });
    expect(config.logRetentionDays).toBe(0);
    expect(config.uploadMaxBytes).toBe(512000);
    expect(config.uploadTypes).toEqual(['png', 'jpg']);
    expect(config.dataKey).toBe('k'.repeat(32));
    expect(config.sm2PrivateKey).toBe('a1'.repeat(32));
    expect(config.smsEndpoints).toEqual({ aliyun: 'http://127.0.0.1:9000' });
  });

  it('refuses bad values, naming the variable', () => {
    expect(configError({ LOG_RETENTION_DAYS: '-1' }).message).toMatch(/^LOG_RETENTION_DAYS/);
    expect(configError({ UPLOAD_MAX_BYTES: '0' }).message).toMatch(/^UPLOAD_MAX_BYTES/);
    expect(configError({ UPLOAD_TYPES: 'png,../x' }).message).toMatch(/^UPLOAD_TYPES/);
    expect(configError({ DATA_KEY: 'short' }).message).toMatch(/^DATA_KEY/);
    expect(configError({ DATA_KEY: 'short' }).message).not.toContain('short"');
    expect(configError({ SM2_PRIVATE_KEY: 'g'.repeat(64) }).message).toMatch(/^SM2_PRIVATE_KEY/);
    expect(configError({ SM2_PRIVATE_KEY: 'ab'.repeat(31) }).message).not.toContain('abab');
    expect(configError({ SMS_ENDPOINTS: '{"other":"http://x"}' }).message).toMatch(/^SMS_ENDPOINTS/);
    expect(configError({ SMS_ENDPOINTS: '{"aliyun":"ftp://x"}' }).message).toMatch(/^SMS_ENDPOINTS/);
    expect(configError({ SMS_ENDPOINTS: '[1]' }).message).toMatch(/^SMS_ENDPOINTS/);
  });
});

describe('FRAME_ORIGINS (issue 22)', () => {
  it('frames no other site by default', () => {
    expect(loadConfig({}).frameOrigins).toEqual([]);
    expect(contentSecurityPolicy([])).toContain("frame-src 'self';");
  });

  it('reads origins, wildcard subdomains and https:, and puts them in frame-src only', () => {
    const { frameOrigins } = loadConfig({
      FRAME_ORIGINS:
        ' https://BI.example.com/, https://*.example.org ,http://127.0.0.1:9000,https:,https://bi.example.com',
    });
    expect(frameOrigins).toEqual([
      'https://bi.example.com',
      'https://*.example.org',
      'http://127.0.0.1:9000',
      'https:',
    ]);
    const csp = contentSecurityPolicy(frameOrigins);
    expect(csp).toContain(
      "frame-src 'self' https://bi.example.com https://*.example.org http://127.0.0.1:9000 https:;",
    );
    // The console itself stays unframeable.
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('refuses anything but origins, naming the variable in one line', () => {
    for (const bad of [
      'bi.example.com',
      'https://bi.example.com/path',
      'javascript:alert(1)',
      "https://x.example.com 'unsafe-inline'",
      'https://x.example.com;script-src *',
      '*',
      'http:',
      ',',
    ]) {
      const message = configError({ FRAME_ORIGINS: bad }).message;
      expect(message, bad).toMatch(/^FRAME_ORIGINS must be origins separated by commas/);
      expect(message).not.toContain('\n');
    }
  });
});
