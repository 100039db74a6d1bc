// `npm run demo`'s cabinets (issue 45): a few machines beating through the real device API
// (docs/device-api.md) over HTTP, as cabinets in a hospital would, so that the demo's fleet stays
// online for as long as the server runs and the simulator with it. It knows the server only by its
// address: no database, nothing faked.

/** A machine's heartbeat, as docs/device-api.md gives it (business.plugin.ts mounts it there). */
const HEARTBEAT_PATH = '/api/zxgxg-api/device/heartbeat';

export interface SimulatedDevice {
  machineNo: string;
  /** The machine's device secret (in clear, as a cabinet's configuration holds it). */
  secret: string;
  apkPackageName: string;
  apkVersionCode: number;
}

/** One heartbeat's outcome: the HTTP status, or the network error when the server was not reached. */
export type BeatOutcome = { machineNo: string; status: number } | { machineNo: string; error: string };

export interface DeviceSimulator {
  /** Stops beating; resolves once a round under way has ended. */
  stop(): Promise<void>;
}

/**
 * Beats every device now and then every `intervalMs`, one round at a time (a slow server does not
 * pile rounds up). `onBeat` hears each heartbeat's outcome.
 */
export function simulateDevices(options: {
  serverUrl: string;
  devices: readonly SimulatedDevice[];
  intervalMs: number;
  onBeat?: (outcome: BeatOutcome) => void;
}): DeviceSimulator {
  const url = new URL(HEARTBEAT_PATH, options.serverUrl).toString();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const beat = async (device: SimulatedDevice): Promise<BeatOutcome> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'machine-no': device.machineNo,
          'machine-secret': device.secret,
        },
        body: JSON.stringify({
          apkPackageName: device.apkPackageName,
          apkVersionCode: device.apkVersionCode,
        }),
        signal: AbortSignal.timeout(Math.max(options.intervalMs, 5_000)),
      });
      await response.arrayBuffer();
      return { machineNo: device.machineNo, status: response.status };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return { machineNo: device.machineNo, error: cause instanceof Error ? cause.message : String(cause) };
    }
  };

  const next = () => {
    if (stopped) return;
    round = (async () => {
      for (const device of options.devices) {
        if (stopped) return;
        options.onBeat?.(await beat(device));
      }
    })();
    void round.then(() => {
      if (!stopped) timer = setTimeout(next, options.intervalMs);
    });
  };
  next();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
