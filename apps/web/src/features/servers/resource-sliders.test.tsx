import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { ResourceSliders } from './resource-sliders.tsx';
import { clamp, contractMaximums, lackingResources, minimums, type Resources } from './resources.ts';

const free: Resources = { memory: 2048, cpu: 100, disk: 4096, ports: 2, databases: 1, backups: 0 };

function Harness({ max }: { max: Resources }) {
  const [values, setValues] = useState<Resources>({ ...minimums });
  return (
    <>
      <ResourceSliders values={values} max={max} onChange={(k, v) => setValues((old) => ({ ...old, [k]: v }))} />
      <p data-testid="values">{JSON.stringify(values)}</p>
    </>
  );
}
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Resources;

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});

describe('resource bounds', () => {
  it('clamps to the minimum and the bound, and rounds', () => {
    expect(clamp(50, 128, 1024)).toBe(128);
    expect(clamp(5000, 128, 1024)).toBe(1024);
    expect(clamp(300.6, 128, 1024)).toBe(301);
    expect(clamp(Number.NaN, 128, 1024)).toBe(128);
  });

  it('finds the resources whose bound is under the minimum', () => {
    expect(lackingResources(free)).toEqual([]);
    expect(lackingResources({ ...free, memory: 100, ports: 0, backups: -1 })).toEqual(['memory', 'ports', 'backups']);
  });

  it('takes the admin form’s bounds from the contract', () => {
    expect(contractMaximums).toEqual({
      memory: 10_000_000,
      cpu: 100_000,
      disk: 100_000_000,
      ports: 1000,
      databases: 1000,
      backups: 1000,
    });
  });
});

describe('resource sliders', () => {
  it('start at the minimums and are bounded by what is free', () => {
    render(<Harness max={free} />);
    const memory = screen.getByTestId('slider-memory');
    expect(memory).toHaveAttribute('min', '128');
    expect(memory).toHaveAttribute('max', '2048');
    expect(memory).toHaveValue('128');
    expect(screen.getByRole('slider', { name: 'Memory (MB)' })).toBe(memory);
    expect(screen.getByRole('spinbutton', { name: 'Memory (MB), exact amount' })).toHaveValue(128);
  });

  it('clamp a typed amount to the free pool and to the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness max={free} />);
    const memory = screen.getByTestId('input-memory');
    await user.clear(memory);
    await user.type(memory, '99999');
    await user.tab();
    expect(values().memory).toBe(2048);
    expect(memory).toHaveValue(2048);

    const cpu = screen.getByTestId('input-cpu');
    await user.clear(cpu);
    await user.type(cpu, '3{Enter}');
    expect(values().cpu).toBe(10);
    expect(cpu).toHaveValue(10);

    await user.clear(cpu);
    await user.type(cpu, '75');
    expect(values().cpu).toBe(75);
  });

  it('clamp the slider to the bound', () => {
    render(<Harness max={free} />);
    fireEvent.change(screen.getByTestId('slider-disk'), { target: { value: '512' } });
    expect(values().disk).toBe(512);
    fireEvent.change(screen.getByTestId('slider-ports'), { target: { value: '9' } });
    expect(values().ports).toBe(2);
  });

  it('say so and lock the controls when less is free than the minimum', () => {
    render(<Harness max={{ ...free, memory: 64 }} />);
    expect(screen.getByTestId('slider-memory')).toBeDisabled();
    expect(screen.getByTestId('input-memory')).toBeDisabled();
    expect(screen.getByTestId('lacking-memory')).toHaveTextContent('Only 64 MB free; a server needs at least 128 MB.');
    expect(screen.getByTestId('slider-cpu')).toBeEnabled();
  });
});
