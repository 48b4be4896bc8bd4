export { ProfileView } from './ProfileView';
export { EditProfileForm } from './EditProfileForm';
export { GameHistory } from './GameHistory';
export { pageWindow } from './pagination';
