import { PlatformConfigAndCaptcha1763800000000 } from './1763800000000-platform-config-and-captcha';
import { AccountsAdminsAndRules1763800000100 } from './1763800000100-accounts-admins-and-rules';
import { MasterData1763800000200 } from './1763800000200-master-data';
import { OrdersAndInventory1763800000300 } from './1763800000300-orders-and-inventory';
import { Attachments1763800000400 } from './1763800000400-attachments';
import { Members1763800000500 } from './1763800000500-members';
import { ConfigTestMailRule1763800000600 } from './1763800000600-config-test-mail-rule';
import { CloudUploadSettings1763800000700 } from './1763800000700-cloud-upload-settings';
import { Area1763800000800 } from './1763800000800-area';
import { TerminalSettings1763800000900 } from './1763800000900-terminal-settings';
import { HistoryWarehouseFormIndex1763800001000 } from './1763800001000-history-warehouse-form-index';
import { LoginFailures1764000100000 } from './1764000100000-login-failures';

/** Every migration, in order. Imported (not globbed) so the app, the CLI and the tests load the same list. */
export const migrations: Function[] = [
  PlatformConfigAndCaptcha1763800000000,
  AccountsAdminsAndRules1763800000100,
  MasterData1763800000200,
  OrdersAndInventory1763800000300,
  Attachments1763800000400,
  Members1763800000500,
  ConfigTestMailRule1763800000600,
  CloudUploadSettings1763800000700,
  Area1763800000800,
  TerminalSettings1763800000900,
  HistoryWarehouseFormIndex1763800001000,
  LoginFailures1764000100000,
];
