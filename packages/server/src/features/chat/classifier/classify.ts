// classifyFieldOfLaw: the trained model behind POST /api/chat/field-of-law/classify.
import type { ClassifyResult } from '@rechtschat/core';
import { fallbackFieldOfLawId, fieldOfLawById } from './fieldsOfLaw.js';
import { features } from './germanText.js';
import { predict, trainNaiveBayes, type NaiveBayesModel, type Prediction } from './naiveBayes.js';
import { trainingData } from './trainingData.js';

/** Below this posterior the answer is too uncertain and the fallback (2) is returned. */
export const minimumConfidence = 0.3;

let model: NaiveBayesModel | undefined;

function trainedModel(): NaiveBayesModel {
  model ??= trainNaiveBayes(
    Object.entries(trainingData).flatMap(([label, texts]) => texts.map((text) => ({ label: Number(label), features: features(text) }))),
  );
  return model;
}

/** The raw prediction (for evaluation); `classifyFieldOfLaw` adds the fallback rule. */
export function predictFieldOfLaw(text: string): Prediction {
  return predict(trainedModel(), features(text.slice(0, 5000)));
}

/** Classifies a German problem description; empty, unknown or ambiguous text yields 2 "Allgemeines Zivilrecht/Sonstiges". */
export function classifyFieldOfLaw(text: string): ClassifyResult {
  const prediction = predictFieldOfLaw(text);
  const id = prediction.knownFeatures === 0 || prediction.confidence < minimumConfidence ? fallbackFieldOfLawId : prediction.label;
  const field = fieldOfLawById(id);
  return { FieldOfLaw: field.id, FieldOfLawLongName: field.longName };
}
