import type { Rule } from 'eslint';

export declare const importCycles: Rule.RuleModule;
declare const plugin: { rules: { 'import-cycles': Rule.RuleModule } };
export default plugin;
