/**
 * Where a group manager's texts are in the catalogue: a section with the same keys for each kind
 * of group (title, add, name, create, added, renameLabel, save, cancel, up, down, drag, empty,
 * members, sort.*).
 */
export type GroupTexts = 'friends.groups' | 'cloud.groups';
