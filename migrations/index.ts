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
import { HistoryOrderIndex1764000000000 } from './1764000000000-history-order-index';
import { RateGate1764000000100 } from './1764000000100-rate-gate';
import { LoginFailures1764000100000 } from './1764000100000-login-failures';
import { CmsAndMessageTemplates1764000300000 } from './1764000300000-cms-and-message-templates';
import { CmsRulesSmsSettingsTemplates1764000300100 } from './1764000300100-cms-rules-sms-settings-templates';
import { SafetyTools1764000400000 } from './1764000400000-safety-tools';
import { AdjustmentRecycleRule1764000400100 } from './1764000400100-adjustment-recycle-rule';
import { PrintLabelsScanRules1764000500000 } from './1764000500000-print-labels-scan-rules';
import { LotsAndExpiry1764000700000 } from './1764000700000-lots-and-expiry';
import { LedgerHashChain1764000800000 } from './1764000800000-ledger-hash-chain';
import { LedgerAuditRules1764000800100 } from './1764000800100-ledger-audit-rules';
import { ProductSearchIndex1764000900000 } from './1764000900000-product-search-index';
import { CacheVersion1764000900100 } from './1764000900100-cache-version';
import { StocktakesAndAdjustments1764001000000 } from './1764001000000-stocktakes-and-adjustments';
import { AuditWorkspaceViews1764001200000 } from './1764001200000-audit-workspace-views';
import { StockLocationColumns1764001300000 } from './1764001300000-stock-location-columns';
import { ListExportRules1764001600000 } from './1764001600000-list-export-rules';
import { LedgerDigestsAppendOnly1764002000000 } from './1764002000000-ledger-digests-append-only';
import { IframeHostsSetting1764002100000 } from './1764002100000-iframe-hosts-setting';
import { AttemptBudget1764002100100 } from './1764002100100-attempt-budget';
import { StocktakeCountedVersion1764002200000 } from './1764002200000-stocktake-counted-version';
import { ApiTokens1764003300000 } from './1764003300000-api-tokens';
import { Webhooks1764003300100 } from './1764003300100-webhooks';
import { ShelfKinds1764005000000 } from './1764005000000-shelf-kinds';
import { OutboundReservations1764005010000 } from './1764005010000-outbound-reservations';
import { WavesAndTasks1764005020000 } from './1764005020000-waves-and-tasks';
import { OutboundBackorders1764005030000 } from './1764005030000-outbound-backorders';
import { FrameworkPageComponents1764005900000 } from './1764005900000-framework-page-components';
import { Packages1764006000000 } from './1764006000000-packages';
import { LotBlocks1764006100000 } from './1764006100000-lot-blocks';
import { CustomerReturns1764006110000 } from './1764006110000-customer-returns';
import { PutawayReplenishmentReorder1764006200000 } from './1764006200000-putaway-replenishment-reorder';
import { ProductUnits1764006500000 } from './1764006500000-product-units';
import { SerialNumbers1764006600000 } from './1764006600000-serial-numbers';
import { KeptDashboardFigures1764006700000 } from './1764006700000-kept-dashboard-figures';
import { OauthSignIn1764006800000 } from './1764006800000-oauth-sign-in';
import { ChatRobots1764006800100 } from './1764006800100-chat-robots';
import { NoticesAdvertsPaidContentDepartments1764006900000 } from './1764006900000-notices-adverts-paid-content-departments';
import { ModulesAndCrudGenerator1764007000000 } from './1764007000000-modules-and-crud-generator';
import { DefaultAdvertPositions1764007200000 } from './1764007200000-default-advert-positions';
import { WebhookSiteVersion1764007300000 } from './1764007300000-webhook-site-version';

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
  HistoryOrderIndex1764000000000,
  RateGate1764000000100,
  LoginFailures1764000100000,
  CmsAndMessageTemplates1764000300000,
  CmsRulesSmsSettingsTemplates1764000300100,
  SafetyTools1764000400000,
  AdjustmentRecycleRule1764000400100,
  PrintLabelsScanRules1764000500000,
  LotsAndExpiry1764000700000,
  LedgerHashChain1764000800000,
  LedgerAuditRules1764000800100,
  ProductSearchIndex1764000900000,
  CacheVersion1764000900100,
  StocktakesAndAdjustments1764001000000,
  AuditWorkspaceViews1764001200000,
  StockLocationColumns1764001300000,
  ListExportRules1764001600000,
  LedgerDigestsAppendOnly1764002000000,
  IframeHostsSetting1764002100000,
  AttemptBudget1764002100100,
  StocktakeCountedVersion1764002200000,
  ApiTokens1764003300000,
  Webhooks1764003300100,
  ShelfKinds1764005000000,
  OutboundReservations1764005010000,
  WavesAndTasks1764005020000,
  OutboundBackorders1764005030000,
  FrameworkPageComponents1764005900000,
  Packages1764006000000,
  LotBlocks1764006100000,
  CustomerReturns1764006110000,
  PutawayReplenishmentReorder1764006200000,
  ProductUnits1764006500000,
  SerialNumbers1764006600000,
  KeptDashboardFigures1764006700000,
  OauthSignIn1764006800000,
  ChatRobots1764006800100,
  NoticesAdvertsPaidContentDepartments1764006900000,
  ModulesAndCrudGenerator1764007000000,
  DefaultAdvertPositions1764007200000,
  WebhookSiteVersion1764007300000,
];
