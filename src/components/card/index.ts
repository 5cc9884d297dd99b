/** The pieces every card view shares (my card, a shared card): photos with the flip button, and the detail lists. */
export { CardDetails, type CardDetailsExtension } from './CardDetails';
export { CardPhotos } from './CardPhotos';
export { SocialBadge } from './icons';
export { useEntryLabel } from './labels';
export { MyCardPhotos } from './MyCardPhotos';
