// The writing side of the student timeline: what the student page places.
export { UpdateComposer, AlertComposer } from './notation-composer.tsx';
export { CommentBox } from './comment-box.tsx';
export { LowerAlertButton } from './lower-alert-button.tsx';
