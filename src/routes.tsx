/**
 * The route table with its guards (docs/product.md#routes): the one wouter <Switch>.
 * Screens other than the landing page load lazily.
 */
import { type ReactNode, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { isStaff } from '#domain/orders';
import { useAuth } from './common/hooks';
import { lazyScreen } from './common/screens';
import { rememberScrollOnLeaving, restoreScroll } from './common/scrollMemory';
import { ScreenBoundary } from './components/ScreenBoundary';
import { SiteFooter } from './components/landing/SiteFooter';
import { Spinner } from './components/Spinner';
import { TopBar } from './components/TopBar';
import Home from './pages/Home';

const Login = lazyScreen(() => import('./pages/Login'));
const Register = lazyScreen(() => import('./pages/Register'));
const NotFound = lazyScreen(() => import('./pages/NotFound'));
const PrivacyPolicy = lazyScreen(() => import('./pages/PrivacyPolicy'));
const Terms = lazyScreen(() => import('./pages/Terms'));
const Contact = lazyScreen(() => import('./pages/Contact'));
const YouthProject = lazyScreen(() => import('./pages/YouthProject'));
const ServiceDetails = lazyScreen(() => import('./pages/ServiceDetails'));
const ServiceRequest = lazyScreen(() => import('./pages/ServiceRequest'));
const Invoices = lazyScreen(() => import('./pages/Invoices'));
const Profile = lazyScreen(() => import('./pages/Profile'));
const ChangePassword = lazyScreen(() => import('./pages/ChangePassword'));
const ForgotPassword = lazyScreen(() => import('./pages/ForgotPassword'));
const Office = lazyScreen(() => import('./pages/office/Office'));
const BookingPage = lazyScreen(() => import('./pages/booking/BookingPage'));

/** Sign-in and sign-up are only for visitors; a signed-in user goes home. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  return signedIn ? <Redirect to="/" replace /> : children;
}

/** Ordering and account screens are only for signed-in users; a visitor goes to /signin. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  return signedIn ? children : <Redirect to="/signin" replace />;
}

/** The office area is for office and admin accounts; to a customer it does not exist (the 404 page). */
function StaffOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return isStaff(user?.role) ? children : <Redirect to="/not-found" replace />;
}

/**
 * A screen opens at the top, unless the address names a section (docs/product.md#routes); Back and Forward return
 * to where the screen was (src/common/scrollMemory.ts).
 */
function ScrollOnNavigation() {
  const [location] = useLocation();
  useEffect(() => rememberScrollOnLeaving(), []);
  useEffect(() => (window.location.hash ? undefined : restoreScroll()), [location]);
  return null;
}

const loading = (
  <div className="page page--center">
    <Spinner />
  </div>
);

/** While a screen's code loads, the top bar and the footer stay; the spinner holds a screen's height. */
const loadingScreen = (
  <div className="page page--center page--screen">
    <Spinner />
  </div>
);

/**
 * Waits for a screen's code with this spinner, a new wait for each address. A boundary that has begun to wait for a
 * screen's code keeps showing its spinner until that code comes, whatever it is then asked to show: Back, or a link
 * elsewhere, pressed on a slow line would wait for the screen the visitor has just left (and, were its code never
 * to come, never show the one they went to).
 */
function ScreenSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Suspense key={location} fallback={fallback}>
      {children}
    </Suspense>
  );
}

/** A screen without the site's chrome (sign-in, registration, password reset): the spinner alone while it loads. */
function WithoutChrome({ children }: { children: ReactNode }) {
  return <ScreenSuspense fallback={loading}>{children}</ScreenSuspense>;
}

/**
 * The top bar, the screen and the footer. `overHero`: the bar lies over the screen's hero. `ownFooter`: the screen
 * draws the footer itself (the landing page, after its blocks: src/pages/Home.tsx).
 */
function WithSiteChrome({
  children,
  overHero = false,
  ownFooter = false,
}: {
  children: ReactNode;
  overHero?: boolean;
  ownFooter?: boolean;
}) {
  const [location] = useLocation();
  return (
    <>
      <TopBar overHero={overHero} />
      <ScreenBoundary resetKey={location}>
        <ScreenSuspense fallback={loadingScreen}>{children}</ScreenSuspense>
      </ScreenBoundary>
      {!ownFooter && <SiteFooter />}
    </>
  );
}

/** A visitor's screen without the site's chrome. */
const signedOutScreen = (screen: ReactNode) => (
  <SignedOutOnly>
    <WithoutChrome>{screen}</WithoutChrome>
  </SignedOutOnly>
);

/** A screen anyone may see, in the site's chrome. */
const publicScreen = (screen: ReactNode) => <WithSiteChrome>{screen}</WithSiteChrome>;

/** A signed-in user's screen, in the site's chrome. */
const signedInScreen = (screen: ReactNode) => (
  <SignedInOnly>
    <WithSiteChrome>{screen}</WithSiteChrome>
  </SignedInOnly>
);

export function Routes() {
  const [location] = useLocation();
  return (
    <>
      {/* Outside the boundary: a screen that is still loading must not hold back where the page scrolls to. */}
      <ScrollOnNavigation />
      {/* The screens without the site's chrome (sign-in, registration, password reset) fail here. Every screen
          waits for its code in its own boundary (WithSiteChrome, WithoutChrome); this one only if one did not. */}
      <ScreenBoundary resetKey={location}>
        <Suspense fallback={loading}>
          <Switch>
            <Route path="/">
              <WithSiteChrome overHero ownFooter>
                <Home />
              </WithSiteChrome>
            </Route>
            <Route path="/signin">{signedOutScreen(<Login />)}</Route>
            <Route path="/signup">{signedOutScreen(<Register />)}</Route>
            <Route path="/forgot-password">{signedOutScreen(<ForgotPassword />)}</Route>
            <Route path="/privacy-policy">{publicScreen(<PrivacyPolicy />)}</Route>
            <Route path="/terms">{publicScreen(<Terms />)}</Route>
            <Route path="/contact-us">{publicScreen(<Contact />)}</Route>
            <Route path="/youth-project">{publicScreen(<YouthProject />)}</Route>
            <Route path="/service/:serviceId/details">{publicScreen(<ServiceDetails />)}</Route>
            <Route path="/service/:serviceId/request">{signedInScreen(<ServiceRequest />)}</Route>
            <Route path="/profile">{signedInScreen(<Profile />)}</Route>
            <Route path="/invoices">{signedInScreen(<Invoices />)}</Route>
            <Route path="/change-password">{signedInScreen(<ChangePassword />)}</Route>
            <Route path="/office">
              <SignedInOnly>
                <StaffOnly>
                  <WithSiteChrome>
                    <Office />
                  </WithSiteChrome>
                </StaffOnly>
              </SignedInOnly>
            </Route>
            {/* A booking mail's link: the token is the key, so no sign-in (docs/decisions/0042-customers-book-their-call.md). */}
            <Route path="/booking/:token">{publicScreen(<BookingPage />)}</Route>
            <Route path="/not-found">{publicScreen(<NotFound />)}</Route>
            <Route>
              <Redirect to="/not-found" replace />
            </Route>
          </Switch>
        </Suspense>
      </ScreenBoundary>
    </>
  );
}
