/**
 * CDK entry point (cdk.json: `npx tsx infra/app.ts`). Synthesizes one stage, `-c stage=dev`
 * (default) or `-c stage=prod`, and checks it with cdk-nag's AwsSolutions pack: an unacknowledged
 * error fails the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createPlatform } from './platform';

const app = new App();
createPlatform(app);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
