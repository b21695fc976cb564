// Field rules for client input beyond the wire codecs; each returns the list of failed rule codes.
import type { ContactMessage, PersonUpdate, Questionnaire } from '@rechtschat/core';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validatePersonUpdate(update: PersonUpdate): string[] {
  const problems: string[] = [];
  if (update.Email && (update.Email.length > 254 || !emailPattern.test(update.Email.trim()))) problems.push('PERSON.EMAIL');
  if (update.Street && update.Street.length > 200) problems.push('PERSON.STREET');
  if (update.PostalCode && !/^[A-Za-z0-9 -]{3,10}$/.test(update.PostalCode.trim())) problems.push('PERSON.POSTAL_CODE');
  if (update.City && update.City.length > 100) problems.push('PERSON.CITY');
  return problems;
}

export function validateContact(message: ContactMessage): string[] {
  const problems: string[] = [];
  if (message.Subject.trim() === '' || message.Subject.length > 200) problems.push('CONTACT.SUBJECT');
  if (message.Message.trim() === '' || message.Message.length > 5000) problems.push('CONTACT.MESSAGE');
  return problems;
}

export function validateAnswers(answers: Questionnaire['Answers']): string[] {
  const entries = Object.entries(answers);
  const problems: string[] = [];
  if (entries.length > 100) problems.push('QUESTIONNAIRE.TOO_MANY');
  if (entries.some(([key, value]) => key.length > 100 || (typeof value === 'string' && value.length > 5000))) problems.push('QUESTIONNAIRE.TOO_LONG');
  return problems;
}
