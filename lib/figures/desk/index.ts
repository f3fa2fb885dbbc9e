// The figures desk (issue 13): what routes, sockets, pages and exports call.
import 'server-only';
export { setFigureVerdict, type SetFigureVerdictOptions } from './set-figure-verdict';
export { correctFigure, type CorrectFigureOptions } from './correct-figure';
export { addFigure, type AddFigureOptions } from './add-figure';
export { setFigureDismissal, type SetFigureDismissalOptions } from './set-figure-dismissal';
export { listClaimFigures, listStoryFigures } from './list-figures';
export { loadStoryBoard, fromBoard, storyBoardRev } from './board-cache';
export { loadFigureDto, loadFigureDtos } from './load-figures';
export { toFigureDto } from './figure-dto';
export { extractStaleFigures, reextractStoredClaim } from './backfill';
