export { classifyFieldOfLaw, predictFieldOfLaw } from './classify.js';
export { fieldsOfLaw } from './fieldsOfLaw.js';
export { normalizeGerman, stemGerman } from './germanText.js';
