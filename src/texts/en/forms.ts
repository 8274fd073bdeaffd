// The English texts of namespace forms (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/forms.ts is its Thai twin).

/** The withholding tax forms and the income types they list (rules/certificate-forms.ts): a form
 * by its RD abbreviation, an income type by its id, and a type named with its section. */
export const forms = {
  pnd1: "PND1",
  pnd2: "PND2",
  pnd3: "PND3",
  pnd53: "PND53",
  income_salary: "Salaries and wages",
  income_commission: "Fees and commissions",
  income_royalties: "Royalties",
  income_interest: "Interest",
  income_dividends: "Dividends",
  income_rent: "Rent",
  income_professional: "Professional fees",
  income_hire: "Hire of work",
  income_services: "Services",
  income_advertising: "Advertising",
  income_transport: "Transport",
  income_insurance: "Insurance premiums",
  income_prizes: "Prizes and promotions",
  income_other: "Other income",
  incomeWithSection: "{type} (s.{section})",
};
