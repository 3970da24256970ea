import { useParams } from 'react-router-dom';

/** An iframe menu: /admin/iframe/<encoded url>. */
export default function IframePage() {
  const { url = '' } = useParams();
  let src = url;
  try {
    src = decodeURIComponent(url);
  } catch {
    // already decoded
  }
  if (!/^(https?:)?\/\//.test(src) && !src.startsWith('/')) src = '';
  return <iframe className="ba-iframe" src={src} title={src} />;
}
