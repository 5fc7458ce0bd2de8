export const KEEP_LISTENING_PROMPT_URL = '/audio/prompts/keep-listening.aac';
