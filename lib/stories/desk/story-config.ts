// The grouping constants the desk runs with: lib/stories/config.ts's weights
// with the two thresholds the issue wants as configuration (lib/env.ts).
import 'server-only';
import { config } from '../../env';
import { STORY_CONFIG, type StoryConfig } from '../config';

export function storyConfig(): StoryConfig {
  const { STORY_JOIN_THRESHOLD, STORY_SUGGEST_THRESHOLD } = config();
  return { ...STORY_CONFIG, joinThreshold: STORY_JOIN_THRESHOLD, suggestThreshold: STORY_SUGGEST_THRESHOLD };
}
