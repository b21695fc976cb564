// Multinomial naive Bayes with Laplace smoothing over weighted features; pure and deterministic.

/** A feature with the weight of its evidence (a word's stem 1; its character n-grams share one weight between them). */
export interface WeightedFeature {
  name: string;
  weight: number;
}

export interface NaiveBayesModel {
  labels: number[];
  logPriors: Map<number, number>;
  featureLogLikelihood: Map<number, Map<string, number>>;
  unseenLogLikelihood: Map<number, number>;
  vocabulary: Set<string>;
}

export function trainNaiveBayes(examples: ReadonlyArray<{ label: number; features: readonly WeightedFeature[] }>, alpha = 0.5): NaiveBayesModel {
  const counts = new Map<number, Map<string, number>>();
  const totals = new Map<number, number>();
  const docs = new Map<number, number>();
  const vocabulary = new Set<string>();
  for (const { label, features } of examples) {
    const labelCounts = counts.get(label) ?? new Map<string, number>();
    counts.set(label, labelCounts);
    docs.set(label, (docs.get(label) ?? 0) + 1);
    for (const { name, weight } of features) {
      labelCounts.set(name, (labelCounts.get(name) ?? 0) + weight);
      totals.set(label, (totals.get(label) ?? 0) + weight);
      vocabulary.add(name);
    }
  }
  const labels = [...counts.keys()].sort((a, b) => a - b);
  const logPriors = new Map<number, number>();
  const featureLogLikelihood = new Map<number, Map<string, number>>();
  const unseenLogLikelihood = new Map<number, number>();
  for (const label of labels) {
    const denominator = (totals.get(label) ?? 0) + alpha * vocabulary.size;
    logPriors.set(label, Math.log((docs.get(label) ?? 0) / examples.length));
    const likelihoods = new Map<string, number>();
    for (const [f, n] of counts.get(label) ?? []) likelihoods.set(f, Math.log((n + alpha) / denominator));
    featureLogLikelihood.set(label, likelihoods);
    unseenLogLikelihood.set(label, Math.log(alpha / denominator));
  }
  return { labels, logPriors, featureLogLikelihood, unseenLogLikelihood, vocabulary };
}

export interface Prediction {
  label: number;
  /** Posterior probability of the chosen label (softmax of the log scores). */
  confidence: number;
  /** How many of the input features the model has seen in training. */
  knownFeatures: number;
}

/** Scores only features in the vocabulary; with none known there is no evidence and confidence is the prior. */
export function predict(model: NaiveBayesModel, features: readonly WeightedFeature[]): Prediction {
  const known = features.filter((f) => model.vocabulary.has(f.name));
  const scores = model.labels.map((label) => {
    const likelihoods = model.featureLogLikelihood.get(label);
    const unseen = model.unseenLogLikelihood.get(label) ?? 0;
    let score = model.logPriors.get(label) ?? 0;
    for (const { name, weight } of known) score += weight * (likelihoods?.get(name) ?? unseen);
    return { label, score };
  });
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  const sum = scores.reduce((acc, s) => acc + Math.exp(s.score - best.score), 0);
  return { label: best.label, confidence: 1 / sum, knownFeatures: known.length };
}
