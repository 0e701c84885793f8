// Sets of byte ranges, as a download link counts what it sent of a copy: sorted, disjoint,
// half-open [from, to) pairs.
export type Ranges = [number, number][];

/** The ranges with [from, to) added. */
export function addRange(ranges: Ranges, from: number, to: number): Ranges {
  const out: Ranges = [];
  let [a, b] = [from, to];
  for (const [x, y] of ranges) {
    if (y < a || x > b) out.push([x, y]);
    else [a, b] = [Math.min(a, x), Math.max(b, y)];
  }
  out.push([a, b]);
  return out.sort((p, q) => p[0] - q[0]);
}

/** The ranges with [from, to) taken out. */
export function removeRange(ranges: Ranges, from: number, to: number): Ranges {
  const out: Ranges = [];
  for (const [x, y] of ranges) {
    if (x < from) out.push([x, Math.min(y, from)]);
    if (y > to) out.push([Math.max(x, to), y]);
  }
  return out.filter(([x, y]) => y > x);
}

/** The parts of [from, to) the ranges do not hold. */
export const missingFrom = (ranges: Ranges, from: number, to: number): Ranges =>
  ranges
    .reduce((left, [x, y]) => left.flatMap(([a, b]) => removeRange([[a, b]], x, y)), [
      [from, to],
    ] as Ranges)
    .filter(([a, b]) => b > a);

/** The parts of the ranges inside [from, to). */
export const within = (ranges: Ranges, from: number, to: number): Ranges =>
  ranges
    .map(([x, y]): [number, number] => [Math.max(x, from), Math.min(y, to)])
    .filter(([x, y]) => y > x);

export const length = (ranges: Ranges) => ranges.reduce((sum, [a, b]) => sum + b - a, 0);
