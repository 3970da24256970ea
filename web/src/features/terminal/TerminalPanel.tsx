import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Drawer, Empty, Form, InputNumber, Modal, Radio, Space, Switch, Tag, Tooltip } from '@arco-design/web-react';
import IconDelete from '@arco-design/web-react/icon/react-icon/IconDelete';
import IconDown from '@arco-design/web-react/icon/react-icon/IconDown';
import IconLoading from '@arco-design/web-react/icon/react-icon/IconLoading';
import IconRight from '@arco-design/web-react/icon/react-icon/IconRight';
import IconSettings from '@arco-design/web-react/icon/react-icon/IconSettings';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { IconRefresh } from '@/components/Icon/icons';
import { useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';
import { isPackageManager, PACKAGE_MANAGERS, TaskStatus, type PackageManager, type TaskCallback, type TerminalTask } from '@/stores/terminal';
import { timeFormat } from '@/utils/time';
import { describeCommand, isRunning, QUICK_COMMANDS, STATUS_COLORS, STATUS_NAMES, type QuickCommand } from './commands';
import './terminal.css';

/** "Build web (npm)" for `web-build.npm`; the key itself for anything the panel does not know. */
function commandTitle(t: TFunction, key: string): string {
  const { name, manager } = describeCommand(key);
  if (name === 'other') return key;
  return manager ? `${t(`terminal.command.${name}`)} (${manager})` : t(`terminal.command.${name}`);
}

const TaskItem = observer(function TaskItem({ task }: { task: TerminalTask }) {
  const t = useT();
  const { terminal } = useStore();
  const output = useRef<HTMLPreElement>(null);
  const running = isRunning(task.status);
  const lines = task.message.length;

  // Follow the output while it grows.
  useEffect(() => {
    if (output.current) output.current.scrollTop = output.current.scrollHeight;
  }, [lines, task.showMessage]);

  return (
    <li className="ba-terminal-task" data-testid="terminal-task" data-command={task.command} data-status={STATUS_NAMES[task.status]}>
      <div className="ba-terminal-task-head">
        <Button
          type="text"
          size="mini"
          className="ba-terminal-task-toggle"
          icon={task.showMessage ? <IconDown /> : <IconRight />}
          onClick={() => terminal.setTaskShowMessage(task.uuid)}
          aria-label={task.showMessage ? t('terminal.hideOutput') : t('terminal.showOutput')}
          aria-expanded={task.showMessage}
          data-testid="terminal-task-toggle"
        />
        <Tag color={STATUS_COLORS[task.status]} icon={running ? <IconLoading /> : undefined} className="ba-terminal-status" data-testid="terminal-task-status">
          {t(`terminal.status.${STATUS_NAMES[task.status]}`)}
        </Tag>
        <div className="ba-terminal-task-title">
          <span className="ba-terminal-task-name">{commandTitle(t, task.command)}</span>
          <span className="ba-terminal-task-meta">
            <code>{task.command}</code> · {t('terminal.createdAt', { time: timeFormat(task.createtime) })}
          </span>
        </div>
        <Space size={2}>
          <Tooltip content={t('terminal.retry')}>
            <Button type="text" size="mini" icon={<IconRefresh />} disabled={running || task.status === TaskStatus.Waiting} onClick={() => terminal.retryTask(task.uuid)} aria-label={t('terminal.retry')} data-testid="terminal-task-retry" />
          </Tooltip>
          <Tooltip content={running ? t('terminal.runningCannotDelete') : t('terminal.delete')}>
            <Button type="text" size="mini" status="danger" icon={<IconDelete />} disabled={running} onClick={() => terminal.delTask(task.uuid)} aria-label={t('terminal.delete')} data-testid="terminal-task-delete" />
          </Tooltip>
        </Space>
      </div>
      {task.showMessage && (
        <pre className="ba-terminal-output" ref={output} data-testid="terminal-output">
          {lines ? task.message.join('\n') : <span className="ba-terminal-output-empty">{t('terminal.noOutput')}</span>}
        </pre>
      )}
    </li>
  );
});

const PackageManagerDialog = observer(function PackageManagerDialog({ onRun }: { onRun: (manager: PackageManager) => void }) {
  const t = useT();
  const { terminal } = useStore();
  const [manager, setManager] = useState<PackageManager>(isPackageManager(terminal.packageManager) ? terminal.packageManager : 'npm');
  useEffect(() => {
    if (terminal.showPackageManagerDialog && isPackageManager(terminal.packageManager)) setManager(terminal.packageManager);
  }, [terminal.showPackageManagerDialog, terminal.packageManager]);
  const command = terminal.packageManagerCommand === 'web-build' ? 'webBuild' : 'webInstall';
  return (
    <Modal
      title={t('terminal.chooseManager')}
      visible={terminal.showPackageManagerDialog}
      onOk={() => onRun(manager)}
      onCancel={() => terminal.togglePackageManagerDialog(false)}
      okText={t('terminal.run')}
      cancelText={t('common.cancel')}
      className="ba-terminal-dialog"
      data-testid="terminal-pm-dialog"
    >
      <p className="ba-terminal-dialog-lead">{t('terminal.chooseManagerFor', { command: t(`terminal.command.${command}`) })}</p>
      <Radio.Group type="button" value={manager} onChange={(value: PackageManager) => setManager(value)} data-testid="terminal-pm-options">
        {PACKAGE_MANAGERS.map((pm) => (
          <Radio key={pm} value={pm}>
            {pm}
          </Radio>
        ))}
      </Radio.Group>
      <p className="ba-terminal-dialog-note">{t('terminal.managerNote')}</p>
    </Modal>
  );
});

const ConfigDialog = observer(function ConfigDialog() {
  const t = useT();
  const { terminal } = useStore();
  const [manager, setManager] = useState(terminal.packageManager);
  const [port, setPort] = useState<number | undefined>(Number(terminal.port) || undefined);
  const [portError, setPortError] = useState(false);
  useEffect(() => {
    if (!terminal.showConfig) return;
    setManager(terminal.packageManager);
    setPort(Number(terminal.port) || undefined);
    setPortError(false);
  }, [terminal.showConfig, terminal.packageManager, terminal.port]);

  const save = async () => {
    const valid = port !== undefined && Number.isInteger(port) && port >= 1 && port <= 65535;
    setPortError(!valid);
    if (valid) await terminal.saveConfig({ manager, port: port! });
  };

  return (
    <Modal
      title={t('terminal.configTitle')}
      visible={terminal.showConfig}
      onOk={save}
      onCancel={() => terminal.toggleConfigDialog(false)}
      okText={t('terminal.save')}
      cancelText={t('common.cancel')}
      confirmLoading={terminal.loading}
      className="ba-terminal-dialog"
      data-testid="terminal-config-dialog"
    >
      <Form layout="vertical" onSubmit={save}>
        <Form.Item label={t('terminal.packageManager')}>
          <Radio.Group type="button" value={manager} onChange={(value: string) => setManager(value)}>
            {PACKAGE_MANAGERS.map((pm) => (
              <Radio key={pm} value={pm}>
                {pm}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('terminal.port')} validateStatus={portError ? 'error' : undefined} help={portError ? t('terminal.portInvalid') : undefined}>
          <InputNumber
            min={1}
            max={65535}
            precision={0}
            value={port}
            onChange={(value) => setPort(typeof value === 'number' && !Number.isNaN(value) ? value : undefined)}
            style={{ width: 200 }}
            data-testid="terminal-port"
          />
        </Form.Item>
        <Form.Item label={t('terminal.automaticCleanup')}>
          <Switch checked={terminal.automaticCleanupTask === '1'} onChange={(on) => terminal.changeAutomaticCleanupTask(on)} />
        </Form.Item>
      </Form>
      <p className="ba-terminal-dialog-note">{t('terminal.configNote')}</p>
    </Modal>
  );
});

/**
 * The terminal panel: the allow-listed commands, the task queue with status, output, retry
 * and delete, the notice about tasks blocked behind a failed one, and the package-manager and config dialogs.
 */
export default observer(function TerminalPanel() {
  const t = useT();
  const root = useStore();
  const { terminal } = root;
  const blockedWaiting = terminal.blocked && terminal.taskList.some((task) => task.status === TaskStatus.Waiting);
  const hasSuccess = terminal.taskList.some((task) => task.status === TaskStatus.Success);

  const onBuilt: TaskCallback = (status, task) => {
    if (status === TaskStatus.Success && describeCommand(task.command).name === 'webBuild') root.notify('success', t('terminal.buildDone'));
  };

  const start = (command: QuickCommand) => {
    if ('withManager' in command.run) terminal.askPackageManager(command.run.withManager);
    // Only asking for information: a failure there need not hold back what comes after it.
    else terminal.addTask(command.run.key, command.name !== 'versions', '', onBuilt);
  };

  useEscapeClose(terminal.show, () => terminal.toggle(false));
  return (
    <>
      <Drawer
        visible={terminal.show}
        onCancel={() => terminal.toggle(false)}
        title={t('terminal.title')}
        width={640}
        footer={null}
        className="ba-terminal"
        data-testid="terminal-panel"
      >
        <section className="ba-terminal-section">
          <div className="ba-terminal-section-title">{t('terminal.quickCommands')}</div>
          <Space wrap size={8}>
            {QUICK_COMMANDS.map((command) => (
              <Tooltip key={command.name} content={t(`terminal.commandTip.${command.name}`)}>
                <Button type={command.name === 'versions' ? 'primary' : 'secondary'} onClick={() => start(command)} data-testid={`terminal-cmd-${command.name}`}>
                  {t(`terminal.command.${command.name}`)}
                </Button>
              </Tooltip>
            ))}
          </Space>
        </section>

        {blockedWaiting && <Alert type="warning" className="ba-terminal-blocked" content={t('terminal.blockedNotice')} data-testid="terminal-blocked" />}

        <section className="ba-terminal-section">
          <div className="ba-terminal-tasks-head">
            <span className="ba-terminal-section-title">
              {t('terminal.tasks')} ({terminal.taskList.length})
            </span>
            <Space size={4}>
              <Button size="mini" disabled={!hasSuccess} onClick={() => terminal.clearSuccessTask()} data-testid="terminal-clean">
                {t('terminal.cleanSuccess')}
              </Button>
              <Button size="mini" icon={<IconSettings />} onClick={() => terminal.toggleConfigDialog(true)} data-testid="terminal-settings">
                {t('terminal.settings')}
              </Button>
            </Space>
          </div>
          {terminal.taskList.length ? (
            <ul className="ba-terminal-tasks">
              {terminal.taskList.map((task) => (
                <TaskItem key={task.uuid} task={task} />
              ))}
            </ul>
          ) : (
            <Empty description={t('terminal.noTasks')} />
          )}
        </section>

        <div className="ba-terminal-footer">
          <Switch size="small" checked={terminal.automaticCleanupTask === '1'} onChange={(on) => terminal.changeAutomaticCleanupTask(on)} data-testid="terminal-auto-cleanup" />
          <span>{t('terminal.automaticCleanup')}</span>
          <span className="ba-terminal-footer-pm">
            {t('terminal.packageManager')}: <code>{terminal.packageManager}</code>
          </span>
        </div>
      </Drawer>
      <PackageManagerDialog onRun={(manager) => terminal.choosePackageManager(manager, onBuilt)} />
      <ConfigDialog />
    </>
  );
});
