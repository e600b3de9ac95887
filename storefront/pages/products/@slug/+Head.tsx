export { default } from '../../product/@slug/+Head.tsx';
