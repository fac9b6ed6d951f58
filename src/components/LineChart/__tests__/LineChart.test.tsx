// @vitest-environment jsdom
import React from 'react';
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import LineChart, {ticks} from '@site/src/components/LineChart';
import {NOMIC_EMBED_TEXT_V15_MTEB} from '@site/src/data/matryoshka';

afterEach(cleanup);

describe('ticks', () => {
  it('brackets the values with round steps', () => {
    expect(ticks(56.1, 62.28)).toEqual([56, 58, 60, 62, 64]);
    expect(ticks(0.2, 0.9)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('LineChart', () => {
  it('is an image named by its title whose description carries every value', () => {
    render(
      <LineChart
        title="Quality by size"
        source="From the model page."
        xLabel="Dimensions"
        yLabel="MTEB score"
        points={NOMIC_EMBED_TEXT_V15_MTEB}
      />,
    );
    const chart = screen.getByRole('img', {name: /Quality by size/});
    const description = chart.querySelector('desc')?.textContent ?? '';
    for (const {x, y} of NOMIC_EMBED_TEXT_V15_MTEB) expect(description).toContain(`${x}: ${y.toFixed(2)}`);
    expect(chart.querySelectorAll('circle')).toHaveLength(NOMIC_EMBED_TEXT_V15_MTEB.length);
    expect(screen.getByText('From the model page.')).toBeTruthy();
  });

  it('draws higher values higher on the chart', () => {
    const {container} = render(
      <LineChart
        title="t"
        source="s"
        xLabel="x"
        yLabel="y"
        points={[
          {x: 'a', y: 1},
          {x: 'b', y: 3},
        ]}
      />,
    );
    const [low, high] = Array.from(container.querySelectorAll('circle')).map((c) => Number(c.getAttribute('cy')));
    expect(high).toBeLessThan(low);
  });
});
