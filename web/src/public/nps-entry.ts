import './nps-survey.css';
import { runSurvey } from './nps-survey';

/**
 * Entry of nps.html, served for /nps?hash=… by `npm start` and CloudFront (a staff /nps without a
 * hash is the app's NPS screen): no React, no design system, a few KB (test/bench/web-route-sizes.ts).
 */
const root = document.getElementById('nps');
if (root) void runSurvey(root, window.location.search);
