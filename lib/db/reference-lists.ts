// spec 7: the disease and hospital lists the fundraiser wizard offers. Reference data every database gets
// (seedReference), like the cause tree; operators add to the tables, the names here are never removed.
import type * as s from './schema';

export const DISEASES: (typeof s.diseases.$inferInsert)[] = [
  'Acute Lymphoblastic Leukaemia', 'Acute Myeloid Leukaemia', 'Aplastic Anaemia', 'Blood Cancer', 'Bone Marrow Failure',
  'Brain Tumour', 'Breast Cancer', 'Burns', 'Cerebral Palsy', 'Chronic Kidney Disease', 'Cirrhosis of the Liver',
  'Congenital Heart Disease', 'Coronary Artery Disease', 'Dengue', 'Head Injury', 'Heart Valve Disease',
  'Hodgkin Lymphoma', 'Liver Failure', 'Lung Cancer', 'Multiple Organ Failure', 'Neuroblastoma', 'Non-Hodgkin Lymphoma',
  'Oral Cancer', 'Premature Birth', 'Road Accident Injuries', 'Sickle Cell Disease', 'Spinal Cord Injury',
  'Spinal Muscular Atrophy', 'Stroke', 'Thalassaemia', 'Tuberculosis', 'Wilms Tumour', 'Other',
].map((name) => ({ name }));

export const HOSPITALS: (typeof s.hospitals.$inferInsert)[] = [
  { name: 'All India Institute of Medical Sciences', city: 'New Delhi', state: 'Delhi' },
  { name: 'Tata Memorial Hospital', city: 'Mumbai', state: 'Maharashtra' },
  { name: 'Christian Medical College', city: 'Vellore', state: 'Tamil Nadu' },
  { name: 'Postgraduate Institute of Medical Education and Research', city: 'Chandigarh', state: 'Chandigarh' },
  { name: 'Narayana Health City', city: 'Bengaluru', state: 'Karnataka' },
  { name: 'Apollo Hospitals, Greams Road', city: 'Chennai', state: 'Tamil Nadu' },
  { name: 'Kokilaben Dhirubhai Ambani Hospital', city: 'Mumbai', state: 'Maharashtra' },
  { name: 'Fortis Memorial Research Institute', city: 'Gurugram', state: 'Haryana' },
  { name: 'Medanta – The Medicity', city: 'Gurugram', state: 'Haryana' },
  { name: 'Sir Ganga Ram Hospital', city: 'New Delhi', state: 'Delhi' },
  { name: 'Rainbow Children’s Hospital', city: 'Hyderabad', state: 'Telangana' },
  { name: 'Nizam’s Institute of Medical Sciences', city: 'Hyderabad', state: 'Telangana' },
  { name: 'Amrita Institute of Medical Sciences', city: 'Kochi', state: 'Kerala' },
  { name: 'Sree Chitra Tirunal Institute', city: 'Thiruvananthapuram', state: 'Kerala' },
  { name: 'King Edward Memorial Hospital', city: 'Mumbai', state: 'Maharashtra' },
  { name: 'Ruby Hall Clinic', city: 'Pune', state: 'Maharashtra' },
  { name: 'Tata Medical Center', city: 'Kolkata', state: 'West Bengal' },
  { name: 'SSKM Hospital', city: 'Kolkata', state: 'West Bengal' },
  { name: 'Sawai Man Singh Hospital', city: 'Jaipur', state: 'Rajasthan' },
  { name: 'Sanjay Gandhi Postgraduate Institute', city: 'Lucknow', state: 'Uttar Pradesh' },
  { name: 'Kidwai Memorial Institute of Oncology', city: 'Bengaluru', state: 'Karnataka' },
  { name: 'Civil Hospital', city: 'Ahmedabad', state: 'Gujarat' },
  { name: 'AIIMS Bhubaneswar', city: 'Bhubaneswar', state: 'Odisha' },
  { name: 'Indira Gandhi Institute of Medical Sciences', city: 'Patna', state: 'Bihar' },
];
