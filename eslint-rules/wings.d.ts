import type { Rule } from 'eslint';

/** The rule `gardener/wings` (wings.js). */
export declare const wings: Rule.RuleModule;
declare const plugin: { rules: { wings: Rule.RuleModule } };
export default plugin;
