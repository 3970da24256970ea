export { NoticeBell } from './NoticeBell';
export { NoticeDialog } from './NoticeDialog';
export { NoticeStore } from './store';
