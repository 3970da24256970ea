import { Spin, Typography } from '@arco-design/web-react';

/** The place of a page's record until it is there: a spinner while it loads, why it failed once it did. */
export function LoadState({ loading, error, className }: { loading: boolean; error: string | null; className: string }) {
  return (
    <div className={className}>
      <Spin loading={loading} block style={{ width: '100%', minHeight: 240 }}>
        {!loading && error ? <Typography.Text type="error">{error}</Typography.Text> : <div style={{ minHeight: 240 }} />}
      </Spin>
    </div>
  );
}

export default LoadState;
