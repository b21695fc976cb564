export { classifyFieldOfLaw, predictFieldOfLaw, minimumConfidence } from './classify.js';
export { fieldsOfLaw, fieldOfLawById, fallbackFieldOfLawId, type FieldOfLaw } from './fieldsOfLaw.js';
export { normalizeGerman, stemGerman, features } from './germanText.js';
