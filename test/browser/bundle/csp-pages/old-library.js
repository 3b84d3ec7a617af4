// Stands for an old library that extends Object.prototype with an enumerable method, as
// some still do (a for...in loop anywhere on the page then sees it).
// eslint-disable-next-line no-extend-native
Object.prototype.legacyExtend = function legacyExtend(source) {
  for (const key in source) this[key] = source[key];
  return this;
};
