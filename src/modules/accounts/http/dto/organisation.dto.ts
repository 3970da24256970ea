import { Enumeration, FormMode, OptionalInt, OptionalRef, RequiredText } from '../../../../shared/http/form-fields';

const SHOWN = [0, 1];

function departmentForm(mode: FormMode) {
  class DepartmentForm {
    @OptionalRef() pid?: number;
    @RequiredText(mode, 50) name: string;
    @OptionalInt() weigh?: number;
    @Enumeration(SHOWN) status?: number;
  }
  return DepartmentForm;
}
export const AddDepartmentDto = departmentForm('add');
export const EditDepartmentDto = departmentForm('edit');

function jobForm(mode: FormMode) {
  class JobForm {
    @RequiredText(mode, 50) name: string;
    @OptionalInt() weigh?: number;
    @Enumeration(SHOWN) status?: number;
  }
  return JobForm;
}
export const AddJobDto = jobForm('add');
export const EditJobDto = jobForm('edit');
