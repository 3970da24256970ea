import { Enumeration, FormMode, OptionalText, RequiredText } from '../../../../shared/http/form-fields';

/* The recycle and sensitive-field rule forms; which tables and fields exist is checked by the CRUD hook. */

function recycleForm(mode: FormMode) {
  class RecycleRuleForm {
    @RequiredText(mode, 100) name: string;
    @OptionalText(100) controller?: string;
    @RequiredText(mode, 64) data_table: string;
    @Enumeration([0, 1]) status?: number;
  }
  return RecycleRuleForm;
}
export const AddRecycleRuleDto = recycleForm('add');
export const EditRecycleRuleDto = recycleForm('edit');

function sensitiveForm(mode: FormMode) {
  class SensitiveRuleForm {
    @RequiredText(mode, 100) name: string;
    @OptionalText(100) controller?: string;
    @RequiredText(mode, 64) data_table: string;
    /** JSON {column: label}. */
    @RequiredText(mode, 2000) data_fields: string;
    @Enumeration([0, 1]) status?: number;
  }
  return SensitiveRuleForm;
}
export const AddSensitiveRuleDto = sensitiveForm('add');
export const EditSensitiveRuleDto = sensitiveForm('edit');
