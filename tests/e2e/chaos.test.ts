import { expect, it } from 'vitest';
import type { DemoRole } from './helpers/browser.ts';
import { ChaosDevice } from './helpers/chaos-device.ts';
import {
  checkStatusHistory,
  getJson,
  signInApi,
  ticketsTitled,
  type StatusChange,
} from './helpers/chaos-server-checks.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { seededRandom } from './helpers/seeded-random.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const seed = Number(process.env.CHAOS_SEED ?? 1);
const operations = Number(process.env.CHAOS_OPS ?? 30);
const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

const roles: DemoRole[] = ['admin', 'maintenance_engineer', 'operator'];
const mayChangeTicketStatus = new Set<DemoRole>(['admin', 'maintenance_engineer']);

it(
  `keeps three devices and the server in step through random offline, reloads, lost answers and restarts (seed ${seed}, ${operations} operations)`,
  async () => {
    const random = seededRandom(seed);
    const { token: adminToken } = await signInApi(e2e.server.url, 'admin');
    const userIds = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, (await signInApi(e2e.server.url, role)).user._id])),
    ) as Record<DemoRole, string>;
    const machines = (
      await getJson<{ _id: string; name: string }[]>(e2e.server.url, adminToken, '/api/machines')
    ).slice(0, 3);
    const devices: ChaosDevice[] = [];
    for (const role of roles) devices.push(await ChaosDevice.open(e2e.browser, e2e.server.url, role));
    for (const device of devices) await device.page.getByText(/^Showing page 1 of /).waitFor({ timeout: 90_000 });

    const prefix = `Chaos ${seed}-`;
    const comments = new Map<string, string[]>();
    const statusChanges: StatusChange[] = [];
    const ticketStatusChanges = new Map<string, { role: DemoRole; value: string }[]>();

    const operationsOf = {
      async create(device: ChaosDevice, step: number) {
        const title = `${prefix}${String(step).padStart(3, '0')} by ${device.role}`;
        await device.createTicket(title);
        comments.set(title, []);
        return title;
      },
      async comment(device: ChaosDevice, step: number) {
        const title = await ticketOn(device);
        if (!title) return operationsOf.create(device, step);
        const text = `Chaos note ${step} from ${device.role}`;
        await device.comment(title, text);
        comments.get(title)!.push(text);
        return `${title}: ${text}`;
      },
      async ticketStatus(device: ChaosDevice) {
        const title = await ticketOn(device);
        if (!title || !mayChangeTicketStatus.has(device.role)) return operationsOf.machineStatus(device);
        const value = await device.changeTicketStatus(title, random.pick);
        ticketStatusChanges.set(title, [...(ticketStatusChanges.get(title) ?? []), { role: device.role, value }]);
        return `ticket ${title} -> ${value}`;
      },
      // Machines have no history route: their status changes are checked by what every device ends with.
      async machineStatus(device: ChaosDevice) {
        const machine = random.pick(machines);
        const value = await device.changeMachineStatus(machine.name, random.pick);
        return `machine ${machine.name} -> ${value}`;
      },
      async network(device: ChaosDevice) {
        await device.setOffline(!device.isOffline);
        return device.isOffline ? 'offline' : 'online';
      },
      async reload(device: ChaosDevice) {
        await device.reload();
        return 'reloaded';
      },
      loseAnswer(device: ChaosDevice) {
        device.loseNextWrite = true;
        return 'the next answer will be lost';
      },
      async restartServer(device: ChaosDevice, step: number) {
        await e2e.server.stop();
        const whileDown = random.pick(['create', 'comment', 'machineStatus'] as const);
        const done = await operationsOf[whileDown](device, step);
        await e2e.server.start();
        return `server restarted; meanwhile ${whileDown} ${done}`;
      },
    };
    // Weighted: edits are most of what users do.
    const deck = [
      ...Array<'create'>(3).fill('create'),
      ...Array<'comment'>(2).fill('comment'),
      ...Array<'ticketStatus'>(3).fill('ticketStatus'),
      ...Array<'machineStatus'>(2).fill('machineStatus'),
      ...Array<'network'>(3).fill('network'),
      'reload',
      'loseAnswer',
      'restartServer',
    ] as const;

    async function ticketOn(device: ChaosDevice): Promise<string | undefined> {
      const titles = [...comments.keys()];
      if (titles.length === 0) return undefined;
      const title = random.pick(titles);
      return (await device.hasTicket(title)) ? title : undefined;
    }

    for (let step = 1; step <= operations; step += 1) {
      const device = random.pick(devices);
      const operation = random.pick(deck);
      const done = await operationsOf[operation](device, step);
      console.log(`chaos seed ${seed} #${step} ${device.role} ${operation}: ${done}`);
    }

    // Everyone back online; a reload starts the replay and then a pull on every device.
    for (const device of devices) {
      device.loseNextWrite = false;
      await device.setOffline(false);
      await device.reload();
    }
    for (const device of devices) {
      await expect
        .poll(
          async () =>
            (await readDeviceStore<{ state: string; label: string; error: string | null }>(device.page, 'outbox')).map(
              ({ state, label, error }) => `${state} ${label} ${error ?? ''}`,
            ),
          { timeout: 90_000, message: `${device.role}'s outbox` },
        )
        .toEqual([]);
    }

    const onServer = await ticketsTitled(e2e.server.url, adminToken, prefix);
    expect(onServer.map((ticket) => ticket.title).sort(), 'every ticket created exactly once').toEqual(
      [...comments.keys()].sort(),
    );
    for (const ticket of onServer) {
      expect(ticket.comments.map((comment) => comment.comment).sort(), `${ticket.title}: every comment once`).toEqual(
        comments.get(ticket.title)!.sort(),
      );
      for (const change of ticketStatusChanges.get(ticket.title) ?? []) {
        statusChanges.push({ ...change, resource: 'tickets', recordId: ticket._id });
      }
    }
    for (const recordId of new Set(statusChanges.map((change) => change.recordId))) {
      await checkStatusHistory(
        e2e.server.url,
        adminToken,
        statusChanges.filter((change) => change.recordId === recordId),
        userIds,
      );
    }

    // After a final pull every device shows what the server has.
    const serverMachines = await getJson<{ _id: string; status: string }[]>(
      e2e.server.url,
      adminToken,
      '/api/machines',
    );
    const expected = {
      tickets: onServer.map(({ _id, status, comments: all }) => `${_id} ${status} ${all.length}`).sort(),
      machines: machines.map(({ _id }) => `${_id} ${serverMachines.find((machine) => machine._id === _id)!.status}`),
    };
    for (const device of devices) {
      await device.reload();
      await expect
        .poll(
          async () => {
            const tickets = await readDeviceStore<{ _id: string; title: string; status: string; comments: unknown[] }>(
              device.page,
              'tickets',
            );
            const local = await readDeviceStore<{ _id: string; status: string }>(device.page, 'machines');
            return {
              tickets: tickets
                .filter((ticket) => ticket.title.startsWith(prefix))
                .map(({ _id, status, comments: all }) => `${_id} ${status} ${all.length}`)
                .sort(),
              machines: machines.map(({ _id }) => `${_id} ${local.find((machine) => machine._id === _id)?.status}`),
            };
          },
          { timeout: 60_000, message: `${device.role} shows the server's values` },
        )
        .toEqual(expected);
    }
    const lost = devices.reduce((sum, device) => sum + device.lostAnswers, 0);
    console.log(`chaos seed ${seed}: ${operations} operations, ${comments.size} tickets, ${lost} answers lost`);
    for (const device of devices) await device.context.close();
  },
  180_000 + operations * 10_000,
);
