import { z } from 'zod';

// Every validation message a reader or client can see is Chinese, including zod's own defaults.
z.config(z.locales.zhCN());
