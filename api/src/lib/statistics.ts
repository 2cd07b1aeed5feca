/**
 * The statistics of the release judge (lib/release-judge.ts): the normal and chi-squared tails,
 * the Mann–Whitney U test, the two-proportion comparison, the sample-ratio check and the mixture
 * sequential probability ratio test that makes them safe to look at after every page view.
 * Plain functions on numbers; no dependency.
 */

/**
 * The complementary error function, erfc(x), with a fractional error below 1.2e-7 everywhere
 * (Numerical Recipes' `erfcc`, a Chebyshev fit): tails down to 1e-300 keep their precision.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z > z) for a standard normal Z. */
export const normalUpperTail = (z: number): number => 0.5 * erfc(z / Math.SQRT2);

/** P(X > x) for a chi-squared X with one degree of freedom. */
export const chiSquared1UpperTail = (x: number): number => (x <= 0 ? 1 : erfc(Math.sqrt(x / 2)));

/** The q-quantile (0–1) of a sample, linear between order statistics (R's type 7); NaN if empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  const low = sorted[below] ?? NaN;
  const high = sorted[above] ?? NaN;
  return low + (high - low) * (position - below);
}

export interface MannWhitney {
  /** U of the first sample: pairs (x, y) with x > y, ties counting half. */
  u: number;
  /** U / (n1·n2): the probability that a value of the first sample exceeds one of the second. */
  auc: number;
  /** The variance of `auc` under the null hypothesis, corrected for ties. */
  aucVariance: number;
  /** (U − n1·n2/2) / σ_U: large when the first sample's values are larger. */
  z: number;
}

/**
 * The Mann–Whitney U test of `first` against `second` (ties counting half, the normal
 * approximation with the tie-corrected variance). Both samples are sorted once and walked
 * together: O(n log n). Null when a sample is empty or every value is the same.
 */
export function mannWhitney(
  first: readonly number[],
  second: readonly number[],
): MannWhitney | null {
  const n1 = first.length;
  const n2 = second.length;
  if (n1 === 0 || n2 === 0) return null;
  const a = Float64Array.from(first).sort();
  const b = Float64Array.from(second).sort();
  let u = 0;
  let ties = 0;
  let i = 0;
  let j = 0;
  // Walk the distinct values in order: each group of equal values adds its pairs to U and its
  // size to the tie correction.
  while (i < n1 || j < n2) {
    const value = Math.min(
      i < n1 ? (a[i] as number) : Infinity,
      j < n2 ? (b[j] as number) : Infinity,
    );
    let inFirst = 0;
    let inSecond = 0;
    while (i < n1 && a[i] === value) {
      inFirst++;
      i++;
    }
    while (j < n2 && b[j] === value) {
      inSecond++;
      j++;
    }
    // Values of `second` below this group: j − inSecond of them; equal ones count half.
    u += inFirst * (j - inSecond) + 0.5 * inFirst * inSecond;
    const size = inFirst + inSecond;
    if (size > 1) ties += size ** 3 - size;
  }
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  if (!(variance > 0)) return null;
  return {
    u,
    auc: u / (n1 * n2),
    aucVariance: variance / (n1 * n2) ** 2,
    z: (u - (n1 * n2) / 2) / Math.sqrt(variance),
  };
}

export interface ProportionGap {
  /** Successes ÷ trials of the first and the second sample. */
  first: number;
  second: number;
  /** second − first: positive when the first sample converts less. */
  gap: number;
  /** The variance of `gap` under the null hypothesis (the pooled rate). */
  variance: number;
}

/** The gap between two proportions and its variance under "no difference"; null without data. */
export function proportionGap(
  first: { successes: number; trials: number },
  second: { successes: number; trials: number },
): ProportionGap | null {
  if (first.trials <= 0 || second.trials <= 0) return null;
  const pooled = (first.successes + second.successes) / (first.trials + second.trials);
  const variance = pooled * (1 - pooled) * (1 / first.trials + 1 / second.trials);
  if (!(variance > 0)) return null;
  const a = first.successes / first.trials;
  const b = second.successes / second.trials;
  return { first: a, second: b, gap: b - a, variance };
}

/**
 * The sample-ratio check: a chi-squared test (one degree of freedom) of the visitors counted on
 * each side against the share the split promised to the first.
 */
export function sampleRatio(
  firstCount: number,
  secondCount: number,
  expectedFirstShare: number,
): { chiSquared: number; p: number; observedFirstShare: number } {
  const total = firstCount + secondCount;
  if (total === 0 || expectedFirstShare <= 0 || expectedFirstShare >= 1) {
    return { chiSquared: 0, p: 1, observedFirstShare: NaN };
  }
  const expectedFirst = total * expectedFirstShare;
  const expectedSecond = total - expectedFirst;
  const chiSquared =
    (firstCount - expectedFirst) ** 2 / expectedFirst +
    (secondCount - expectedSecond) ** 2 / expectedSecond;
  return {
    chiSquared,
    p: chiSquared1UpperTail(chiSquared),
    observedFirstShare: firstCount / total,
  };
}

/**
 * The mixture sequential probability ratio test (Robbins; Johari, Pekelis and Walsh's
 * "always valid p-values", as run by Optimizely) for an estimate θ̂ ~ N(θ, V) of an effect,
 * with a N(0, τ²) mixture over the effect under the alternative:
 *   Λ = √(V / (V + τ²)) · exp(θ̂² τ² / (2 V (V + τ²))).
 * Under θ = 0 the chance that Λ ever reaches 1/α, however often it is computed as data comes
 * in, is at most α: the judge may look after every page view. Returns Λ's logarithm.
 */
export function mixtureLogLikelihoodRatio(estimate: number, variance: number, tau: number): number {
  const t2 = tau * tau;
  return (
    0.5 * Math.log(variance / (variance + t2)) +
    (estimate * estimate * t2) / (2 * variance * (variance + t2))
  );
}
