import { AppError } from '../http/app-error';
import { PrintAdmission } from './print-admission';

const refusal = (run: () => unknown): string => {
  try {
    run();
    return 'admitted';
  } catch (error) {
    return (error as AppError).messageKey;
  }
};

describe('print admission: jobs at once per process and per admin', () => {
  it('given two jobs of one admin, when the same admin asks for a third, then it is busy; another admin is admitted', () => {
    const admission = new PrintAdmission(6, 2);
    admission.admit(1);
    admission.admit(1);
    expect(refusal(() => admission.admit(1))).toBe('documents.print_busy_admin');
    expect(refusal(() => admission.admit(2))).toBe('admitted');
    expect([admission.count(), admission.count(1), admission.count(2)]).toEqual([3, 2, 1]);
  });

  it('given the process full, when anyone asks, then the process is busy, until a job is released', () => {
    const admission = new PrintAdmission(3, 2);
    const releases = [admission.admit(1), admission.admit(2), admission.admit(3)];
    expect(refusal(() => admission.admit(4))).toBe('documents.print_busy');
    releases[1]();
    expect(refusal(() => admission.admit(4))).toBe('admitted');
  });

  it('releases a place once, however often the release is called', () => {
    const admission = new PrintAdmission(2, 2);
    const release = admission.admit(1);
    admission.admit(1);
    release();
    release();
    expect(admission.count(1)).toBe(1);
    expect(refusal(() => admission.admit(1))).toBe('admitted');
    expect(refusal(() => admission.admit(1))).toBe('documents.print_busy_admin');
  });

  it('says how many it refuses past, in the message arguments', () => {
    const admission = new PrintAdmission(6, 2);
    admission.admit(7);
    admission.admit(7);
    try {
      admission.admit(7);
    } catch (error) {
      expect((error as AppError).args).toEqual({ max: 2 });
    }
    expect.assertions(1);
  });
});
