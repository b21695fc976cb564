export * from './reportsView.js';
export * from './invoiceFileName.js';
