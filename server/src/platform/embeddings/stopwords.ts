/**
 * Function words of the bot languages (en, es, fr, de, it): they say little about what a passage is
 * about, so lexical features built from them weigh little.
 */
const WORDS = `
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
nor not now of off on once only or other our ours ourselves out over own same she should so some such than
that the their theirs them themselves then there these they this those through to too under until up very
was we were what when where which while who whom why will with would you your yours yourself yourselves
s t d ll m re ve y don doesn didn isn aren wasn weren won wouldn shouldn couldn can't cannot
el la los las un una unos unas y o de del al en por para con sin que se es son su sus lo le les como mas
pero si ya muy esta este esto estos estas ese esa eso hay fue ser
le la les un une des et ou de du au aux en dans par pour avec sans que qui se est sont son sa ses ce cet
cette ces il elle ils elles nous vous je tu ne pas plus mais si leur leurs sur
der die das den dem des ein eine einer eines einem einen und oder zu von mit fur auf ist sind im am
nicht auch es sie er wir ihr ich du dass als wie bei aus nach
il lo la i gli le un uno una e o di da in con su per tra fra che si non sono del della dei delle al alla
`;

export const STOPWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}
