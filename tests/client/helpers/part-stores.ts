import { expect } from 'vitest';
import type { BinRef, Part } from '#shared/schemas/part.ts';
import { machineInput } from '../../server/helpers/app.ts';
import type { LiveDevice } from './device.ts';

export interface Stores {
  bin: BinRef;
  /** A second bin of the same storeroom. */
  otherBin: BinRef;
  machine: { _id: string };
  ticket: { _id: string; ticketNumber: string; title: string };
}

/** Parts, stores and work made on the server by the device's admin. */
export function partStores(device: LiveDevice) {
  const post = async <T>(url: string, payload: object): Promise<T> => {
    const response = await device.server.t.app.inject({ method: 'POST', url, headers: device.admin.headers, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };

  /** A storeroom with two bins and a ticket to issue to. */
  async function stores(): Promise<Stores> {
    const room = await post<{ _id: string; name: string; bins: { _id: string; code: string }[] }>('/api/storerooms', {
      name: `Stores ${crypto.randomUUID().slice(0, 8)}`,
    });
    await post(`/api/storerooms/${room._id}/bins`, { code: 'A-01' });
    const withBins = await post<typeof room>(`/api/storerooms/${room._id}/bins`, { code: 'A-02' });
    const machine = await post<{ _id: string }>('/api/machines', machineInput());
    const ticket = await post<Stores['ticket']>('/api/tickets', {
      title: 'Replace the bearing',
      description: 'Noisy',
      machine: machine._id,
    });
    const [bin, otherBin] = withBins.bins.map((row) => ({
      _id: row._id,
      code: row.code,
      storeroom: { _id: room._id, name: room.name },
    }));
    return { bin: bin!, otherBin: otherBin!, machine, ticket };
  }

  /** A part with `stock` received in the first bin. */
  async function stockedPart({ bin }: Stores, stock: number): Promise<Part> {
    const part = await post<Part>('/api/parts', {
      partNumber: `BRG-${crypto.randomUUID().slice(0, 8)}`,
      name: 'Ball bearing 6205-2RS',
      unit: 'each',
      minStock: 1,
      maxStock: 10,
    });
    await post('/api/stock-moves', {
      _id: crypto.randomUUID(),
      part: part._id,
      kind: 'receipt',
      quantity: stock,
      bin: bin._id,
    });
    return part;
  }

  return { post, stores, stockedPart };
}
