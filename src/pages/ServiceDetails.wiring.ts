/** The service page's machine; the page supplies the way to the not-found page. */
import { serviceDetailsMachine } from '#machines/serviceDetails.machine';

export interface ServiceDetailsView {
  /** No such service: on to the not-found page. */
  goNotFound: () => void;
}

export function wireServiceDetails(view: ServiceDetailsView) {
  return serviceDetailsMachine.provide({ actions: { goNotFound: () => view.goNotFound() } });
}
