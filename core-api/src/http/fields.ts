// The field builders live with the contracts, so the API and the forms share one copy.
export { MAX_EMAIL_LENGTH, MAX_KES, MAX_PAGE, boundedText, emailField, kesAmount, requiredText } from '@shambasoko/shared/contracts';
