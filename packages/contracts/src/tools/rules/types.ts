/**
 * The shape of one tax year's rules. Every number carries the key of the official notice it comes from
 * (`src`), resolved through the year's `sources`; a new tax year is a new data file of this shape, not code.
 * Money is integer fen; rates are percent strings ("3", "0.5") so they stay exact.
 */

/** An official notice: its title and document number (文号), shown as the tool's legal basis. */
export interface SourceNotice {
  title: string;
  number: string;
  /** Where the policy has an end date, e.g. 2027-12-31. */
  validUntil?: string;
}

/** A number together with the notice it comes from. */
export interface Sourced<T> {
  value: T;
  src: string;
}

/** One row of a progressive table: taxable amount up to `upToFen` (null: no upper limit). */
export interface Bracket {
  upToFen: number | null;
  ratePct: string;
  quickDeductionFen: number;
}

export interface CityPreset {
  id: string;
  name: string;
  /** The period the figures apply to, e.g. 2025年7月—2026年6月. */
  period: string;
  src: string;
  socialBaseFloorFen: number;
  socialBaseCeilingFen: number;
  fundBaseFloorFen: number;
  fundBaseCeilingFen: number;
  /** Percent strings: employee and employer shares. */
  employee: { pension: string; medical: string; unemployment: string; fund: string };
  employer: { pension: string; medical: string; unemployment: string; injury: string; fund: string };
  /** Fixed monthly amount added to the employee's medical share (e.g. Beijing's 3 元 serious-illness fee). */
  employeeMedicalFixedFen: number;
  /** Allowed housing-fund percent range. */
  fundRangePct: [string, string];
}

export interface TaxRules {
  /** The tax year these rules are for. */
  year: number;
  /** Last date on which the file was checked against the notices. */
  checkedOn: string;
  sources: Record<string, SourceNotice>;
  iit: {
    basicDeductionMonthlyFen: Sourced<number>;
    /** Annual comprehensive-income table (also the cumulative withholding table). */
    annualBrackets: Sourced<Bracket[]>;
    /** Monthly table (year-end bonus separate taxation). */
    monthlyBrackets: Sourced<Bracket[]>;
    special: {
      childEducationPerChildFen: Sourced<number>;
      infantCarePerChildFen: Sourced<number>;
      continuingEducationMonthlyFen: Sourced<number>;
      continuingEducationCertificateFen: Sourced<number>;
      housingLoanInterestFen: Sourced<number>;
      /** Rent by city tier: 1 = municipalities, provincial capitals, separately planned cities; 2 = registered population over 1 million; 3 = the rest. */
      rentByTierFen: Sourced<[number, number, number]>;
      elderlySupportOnlyChildFen: Sourced<number>;
      elderlySupportSharedCapFen: Sourced<number>;
      /** Serious illness: the part above the floor, up to the cap, in the annual reconciliation. */
      seriousIllnessFloorFen: Sourced<number>;
      seriousIllnessCapFen: Sourced<number>;
    };
    privatePensionAnnualCapFen: Sourced<number>;
    /** Labour, author's remuneration and royalties: income less 20% costs; author's remuneration then at 70%. */
    labourCostPct: Sourced<string>;
    authorIncomePct: Sourced<string>;
    /** Year-end bonus separate taxation allowed until this date (inclusive). */
    bonusSeparateUntil: Sourced<string>;
  };
  vat: {
    generalRatesPct: Sourced<string[]>;
    smallScaleLevyPct: Sourced<string>;
    smallScaleReducedPct: Sourced<string>;
    smallScaleReducedUntil: Sourced<string>;
    smallScaleMonthlyExemptFen: Sourced<number>;
    smallScaleQuarterlyExemptFen: Sourced<number>;
  };
  cit: {
    standardPct: Sourced<string>;
    highTechPct: Sourced<string>;
    /** Small low-profit enterprise: taxable income counted at `smallProfitBasePct`, taxed at `smallProfitRatePct`. */
    smallProfitBasePct: Sourced<string>;
    smallProfitRatePct: Sourced<string>;
    smallProfitUntil: Sourced<string>;
    smallProfitMaxTaxableFen: Sourced<number>;
    smallProfitMaxHeadcount: Sourced<number>;
    smallProfitMaxAssetsFen: Sourced<number>;
  };
  social: { cities: CityPreset[] };
}
